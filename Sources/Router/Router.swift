/// Routes: see RouterDestination.swift.
