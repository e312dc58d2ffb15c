import Imaging

/// Imaging's owning wrapper, named apart from leptonica's C `struct Pix` that CLeptonica also exports.
typealias OwnedPix = Imaging.Pix
