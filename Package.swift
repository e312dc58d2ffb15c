// swift-tools-version:6.1
import PackageDescription

/// Decant's module graph points one way: CLI → Jobs → stages → Imaging → C shims.
/// Each stage is its own target so it can be built and tested alone with plain values.
let package = Package(
    name: "Decant",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "decant", targets: ["decant"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // MARK: C shims (system libraries found through pkg-config; Debian packages named for a clear hint)
        .systemLibrary(name: "CTesseract", path: "Sources/CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", path: "Sources/CLeptonica", pkgConfig: "lept",
                       providers: [.apt(["libleptonica-dev"])]),
        // libpng reports errors by longjmp, so its calls live in a small C target with their setjmp.
        .target(name: "CPNG", path: "Sources/CPNG", linkerSettings: [.linkedLibrary("png16")]),
        // The same for libjpeg: errors by longjmp, warnings counted instead of printed, damaged files kept.
        .target(name: "CJPEG", path: "Sources/CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // glibc's malloc.h: the worker hands freed memory back after each page.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // OpenCV's DNN module (C++) behind a C interface: runs the PP-OCR networks. Debian's
        // libopencv-dnn-dev ships no pkg-config file, so its header folder is named here.
        .target(name: "COCVDNN", path: "Sources/COCVDNN",
                cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
                linkerSettings: [.linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_core")]),

        // MARK: stages
        .target(name: "Imaging", dependencies: ["CLeptonica", "CPNG", "CJPEG"]),
        .target(name: "Flattening", dependencies: ["Imaging", "CLeptonica"]),
        .target(name: "Recognition", dependencies: ["Imaging", "CTesseract", "CLeptonica"]),
        // PP-OCRv5 (detection + recognition) through OpenCV DNN: a second recognizer beside Tesseract.
        .target(name: "PPOCR", dependencies: ["Recognition", "Imaging", "COCVDNN"]),
        .target(name: "Entries", dependencies: ["Recognition"],
                resources: [.embedInCode("Resources/abbreviations.tsv"), .embedInCode("Resources/regions.tsv"),
                            .embedInCode("Resources/grapes.tsv"), .embedInCode("Resources/terms.tsv")]),
        .target(name: "Catalogue", dependencies: ["Entries"],
                resources: [.embedInCode("Resources/default-catalogue.json"),
                            .embedInCode("Resources/match-calibration.json")]),
        .target(name: "Evaluation", dependencies: ["Entries", "Catalogue"]),
        .target(name: "Reporting", dependencies: ["Entries", "Catalogue", "Evaluation", "Recognition", "Flattening"]),
        .target(name: "History", dependencies: ["Entries", "Catalogue", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Synthesis", dependencies: ["Imaging", "Catalogue", "Evaluation", "CPangoCairo"]),
        .target(name: "Jobs", dependencies: ["Imaging", "Flattening", "Recognition", "Entries", "Catalogue",
                                             "Evaluation", "Reporting", "History", "CMalloc"]),
        .executableTarget(name: "decant", dependencies: [
            "Jobs", "Synthesis",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Measures PP-OCR against Tesseract (word-bag F1, CPU time, memory); not part of `decant`.
        .executableTarget(name: "ppocr-bench", dependencies: [
            "PPOCR", "Recognition", "Imaging", "Evaluation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: tests (Swift Testing), one target per module plus the end-to-end suite of the built CLI
        // Test helpers shared by the test targets: temporary folders that remove themselves.
        .target(name: "DecantTestSupport", dependencies: ["Imaging", "CLeptonica"], path: "Tests/DecantTestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CLeptonica", "DecantTestSupport"]),
        .testTarget(name: "FlatteningTests", dependencies: ["Flattening"]),
        .testTarget(name: "PPOCRTests", dependencies: ["PPOCR", "Recognition", "Imaging", "DecantTestSupport"]),
        .testTarget(name: "RecognitionTests", dependencies: ["Recognition", "Imaging", "CLeptonica", "DecantTestSupport"]),
        .testTarget(name: "EntriesTests", dependencies: ["Entries",
                                                         .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "CatalogueTests", dependencies: ["Catalogue", "DecantTestSupport"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "DecantTestSupport"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "DecantTestSupport"]),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "Recognition", "Evaluation", "DecantTestSupport"]),
        .testTarget(name: "JobsTests", dependencies: ["Jobs", "DecantTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["decant", "Evaluation", "History", "Reporting", "Imaging",
                                                          "DecantTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
