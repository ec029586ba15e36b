/// The search language: see SearchQuery.swift.
