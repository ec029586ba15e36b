/// The media archive: see MediaStore.swift.
