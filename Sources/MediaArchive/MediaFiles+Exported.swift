/// The file layout is part of this module's own API (``MediaStore/layout``, the files a fetch stores), so
/// whoever imports MediaArchive sees it too; readers that need only the files import MediaFiles alone.
@_exported import MediaFiles
