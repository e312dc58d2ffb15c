// swift-tools-version:6.1
import PackageDescription

/// yaslab/CSV.swift's module is named CSV and declares a type CSV, which hides the module's name, so
/// `CSV.CSVWriter` cannot name its writer beside Reporting's own `CSVWriter`: the module goes by CSVSwift.
let CSVSwift = Target.Dependency.product(name: "CSV", package: "CSV.swift", moduleAliases: ["CSV": "CSVSwift"])

/// Decant's module graph points one way: CLI → Jobs → stages → Imaging → C shims.
/// Each stage is its own target so it can be built and tested alone with plain values.
let package = Package(
    name: "Decant",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "decant", targets: ["decant"]),
        // Measuring and tuning tools, kept out of the `decant` a user installs.
        .executable(name: "decant-bench", targets: ["decant-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Tests only: the Kubernetes manifest in docs/deploy read as the YAML it is.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
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
        // A thread's nice value and I/O priority (ioprio_get/ioprio_set have no glibc wrapper): workers run at the runner's.
        .systemLibrary(name: "CPriority", path: "Sources/CPriority"),
        // libheif 1.15: HEIC/AVIF decoding (libde265, dav1d, aom) and HEVC encoding (x265) for the test corpus.
        .systemLibrary(name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // PDF documents through poppler's GLib API: text layer with boxes and fonts, pages rendered with cairo.
        .systemLibrary(name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),

        // ONNX Runtime's C API (PP-OCR's networks), declared by Decant and opened with dlopen at run time:
        // the library comes from the onnxruntime wheel on PyPI (scripts/setup/ppocr.sh), so nothing is
        // linked and a machine without it builds and reads with Tesseract alone.
        .target(name: "CORT", path: "Sources/CORT", linkerSettings: [.linkedLibrary("dl")]),

        // The system's libcrypto (OpenSSL 3): SHA-256 and MD5 without compiling a cryptography library
        // into every build (swift-crypto's BoringSSL was ~360 of a fresh build's ~420 steps).
        .systemLibrary(name: "CLibcrypto", path: "Sources/CLibcrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The only module that calls libcrypto.
        .target(name: "Digests", dependencies: ["CLibcrypto"]),

        // MARK: stages
        // The only module that calls leptonica, libpng, libjpeg and libheif: every PIX, BOXA, L_DEWARPA and
        // heif handle is owned by one of its types, and the rest of Decant sees Swift methods and plain values.
        .target(name: "Imaging", dependencies: ["CLeptonica", "CPNG", "CJPEG", "CHeif", "Digests"]),
        // A file → a document of pages, each with what its sidecars say; the only module that calls poppler.
        .target(name: "Documents", dependencies: ["Imaging", "CPoppler", "Digests"]),
        // What a page went through, step by step (FlattenReport, StepLog, StepName): recorded by the
        // stages, written by Reporting, with no stage's code behind it.
        .target(name: "StepTrace"),
        .target(name: "Flattening", dependencies: ["Documents", "Imaging", "StepTrace"]),
        // The words a recognizer read, with boxes and confidences: plain values the parsers take without
        // linking a recognizer.
        .target(name: "RecognizedText", dependencies: ["Imaging"]),
        // The only module that calls Tesseract and ONNX Runtime (pixels handed over as bytes).
        .target(name: "Recognition", dependencies: ["Imaging", "RecognizedText", "CTesseract", "CORT"]),
        // Every OCR feedback loop: first reading, orientation by reading, block and partial re-readings.
        .target(name: "Read", dependencies: ["Documents", "Flattening", "Recognition", "RecognizedText", "StepTrace", "Entries"]),
        .target(name: "Entries", dependencies: ["RecognizedText"],
                resources: [.embedInCode("Resources/abbreviations.tsv"), .embedInCode("Resources/regions.tsv"),
                            .embedInCode("Resources/grapes.tsv"), .embedInCode("Resources/terms.tsv")]),
        .target(name: "Catalogue", dependencies: ["Entries"],
                resources: [.embedInCode("Resources/default-catalogue.json"),
                            .embedInCode("Resources/match-calibration.json")]),
        .target(name: "Evaluation", dependencies: ["Documents", "Entries"]),
        .target(name: "Reporting", dependencies: ["Documents", "Entries", "Catalogue", "Evaluation", "StepTrace",
                                                  .product(name: "SystemPackage", package: "swift-system"),
                                                  CSVSwift]),
        .target(name: "History", dependencies: ["Entries", "Catalogue", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Synthesis", dependencies: ["Documents", "Imaging", "Catalogue", "Evaluation", "CPangoCairo"]),
        // One page through the stages (load → flatten → read → parse → match → record), and the
        // passes over a whole job's pages.
        .target(name: "Pipeline", dependencies: ["Documents", "Imaging", "Flattening", "Recognition", "Read", "Entries",
                                                 "Catalogue", "Reporting", "RecognizedText", "StepTrace"]),
        // Scheduling only: jobs found in an inbox, pages handed to workers, reports written as jobs finish.
        .target(name: "Jobs", dependencies: ["Documents", "Pipeline", "Recognition", "Entries", "Catalogue",
                                             "Evaluation", "Reporting", "History", "CMalloc", "CPriority",
                                             .product(name: "SystemPackage", package: "swift-system"),
                                             .product(name: "Logging", package: "swift-log"),
                                             .product(name: "Subprocess", package: "swift-subprocess")]),
        // The user's commands, as a library so that the tools can run exactly as `decant run` does.
        .target(name: "DecantCLI", dependencies: [
            "Jobs", "Pipeline", "Synthesis", "Imaging", "Recognition",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "decant", dependencies: ["DecantCLI", "Jobs", "Recognition"]),
        // Measures PP-OCR against Tesseract (word-bag F1, CPU time, memory); not installed.
        .executableTarget(name: "ppocr-bench", dependencies: [
            "Recognition", "Imaging", "Evaluation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tools/ppocr-bench"),
        // The measuring instruments the bench tools and the tests share: labelled matching queries,
        // SROIE's folder, the embedded-depth readers against independent decoders. Not in `decant`.
        .target(name: "BenchKit", dependencies: ["Imaging", "Entries", "Catalogue", "Evaluation"], path: "Tools/BenchKit"),
        // Benchmarks and tuning runs (not installed with decant).
        .executableTarget(name: "decant-bench", dependencies: [
            "DecantCLI", "Jobs", "Pipeline", "Read", "BenchKit", "RecognizedText", "StepTrace", "Synthesis", "Documents", "Imaging",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Subprocess", package: "swift-subprocess"),
        ], path: "Tools/decant-bench"),

        // MARK: tests (Swift Testing), one target per module plus the end-to-end suite of the built CLI
        // Test helpers shared by the test targets: temporary folders that remove themselves, pages in a
        // bitmap font, a seeded generator, the repository's root, the shared data, CSV rows read back.
        .target(name: "DecantTestSupport", dependencies: ["Imaging", "CPangoCairo", CSVSwift],
                path: "Tests/DecantTestSupport"),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CLeptonica", "CHeif", "BenchKit", "DecantTestSupport"]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents", "Imaging", "CPoppler", "DecantTestSupport"],
                    exclude: ["PDF/Fixtures"]),
        .testTarget(name: "FlatteningTests", dependencies: ["Flattening", "StepTrace", "DecantTestSupport"]),
        .testTarget(name: "RecognitionTests", dependencies: ["Recognition", "RecognizedText", "CORT", "Imaging", "DecantTestSupport"]),
        .testTarget(name: "EntriesTests", dependencies: ["Entries", "RecognizedText", "Imaging",
                                                         .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "CatalogueTests", dependencies: ["Catalogue", "BenchKit", "DecantTestSupport"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "BenchKit", "DecantTestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Entries", "DecantTestSupport",
                                                           .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "DecantTestSupport"]),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "Recognition", "Evaluation", "DecantTestSupport"]),
        .testTarget(name: "ReadTests", dependencies: ["Read", "RecognizedText", "StepTrace", "Imaging", "Evaluation", "Synthesis", "DecantTestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "RecognizedText", "StepTrace", "DecantTestSupport"]),
        .testTarget(name: "JobsTests", dependencies: ["Jobs", "StepTrace", "DecantTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "EndToEndTests", dependencies: ["decant", "decant-bench", "Evaluation", "History", "Reporting", "Imaging",
                                                          "DecantTestSupport", .product(name: "Yams", package: "Yams")],
                    exclude: ["Stubs"]),
    ],
    swiftLanguageModes: [.v6]
)
