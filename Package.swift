// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: rebut (CLI) → Watcher/Review → Pipeline → stages → RebutCore.
// Extraction and Categorisation are pure Swift so they can be tested on text alone, as are the
// domain rules of flats (Rental) and projects (RnDDeduction), which the Store and the CLI use.
// Linux only: Tesseract, Leptonica, libheif and poppler come from Debian's packages (scripts/setup.sh).
let package = Package(
    name: "Rebut",
    products: [
        .executable(name: "rebut", targets: ["rebut"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The web app (rebut serve): HTTP server, bcrypt for the password, server-rendered templates.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // HTTPS for rebut serve (--tls-cert/--tls-key): hummingbird's TLS channel is NIOSSL's.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.36.0"),
        // rebut serve --tls-self-signed: a certificate made in-process, no openssl needed.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // C libraries, reached through pkg-config.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept",
                       providers: [.apt(["libleptonica-dev"])]),
        // HEIC/HEIF (and AVIF) photos: libheif decodes them with its HEVC and AV1 plugins.
        .systemLibrary(name: "CHeif", pkgConfig: "libheif",
                       providers: [.apt(["libheif-dev"])]),
        // PDF: poppler reads text layers and renders pages through cairo.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),

        // Reports: PDF pages, vector charts and embedded JPEG thumbnails.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // QR codes for the terminal (rebut serve prints its address as one for a phone).
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),

        // glibc's allocator tuning (mallopt): large image buffers returned to the system when freed.
        .systemLibrary(name: "CMalloc"),

        // Tesseract's internal line images stored uncompressed: same output, about a tenth less CPU.
        .target(name: "CTesseractLineImages", linkerSettings: [.linkedLibrary("lept")]),

        // Shared value types: text lines, candidates, fields, dates, money.
        .target(name: "RebutCore"),

        // Stage 1: read bytes, sniff the format, read EXIF orientation, hash.
        .target(name: "Ingest", dependencies: [
            "RebutCore",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Stage 2: decode (HEIC through libheif, PDF pages through poppler) and clean the image with Leptonica.
        .target(name: "Imaging", dependencies: ["CLeptonica", "CHeif", "CPoppler", "Ingest", "RebutCore"]),
        // Stage 3: Tesseract engines, one per worker thread.
        .target(name: "OCR", dependencies: ["CTesseract", "CTesseractLineImages", "CLeptonica", "Imaging", "Ingest", "RebutCore"]),
        // Stage 4: fields and ranked candidates from OCR text (pure Swift).
        .target(name: "Extraction", dependencies: ["RebutCore"]),
        // Stage 5: category rules and learned vendor categories (pure Swift).
        .target(name: "Categorisation", dependencies: ["RebutCore"]),
        // Holiday-rental flats: tourist-tax rate history, bookings and their CSV import, quarterly
        // statements and profit (pure Swift).
        .target(name: "Rental", dependencies: ["RebutCore"]),
        // R&D and innovation projects: cost types and the corporate-tax deduction estimate (pure Swift).
        .target(name: "RnDDeduction", dependencies: ["RebutCore"]),
        // Stage 6: the expense store (SQLite through GRDB).
        .target(name: "Store", dependencies: [
            "RebutCore", "Rental", "RnDDeduction",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Orchestration: named stages, worker pool, batch ingest, watched folder.
        .target(name: "Pipeline", dependencies: [
            "RebutCore", "Ingest", "Imaging", "OCR", "Extraction", "Categorisation", "Store",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Reports and exports: a format-independent document model (ReportDocument), its renderers
        // (PDF through cairo, CSV, JSON, terminal tables, GeoJSON/KML, zip) and the builders that
        // fill it from the store (expense claim, spending summary), with currency conversion.
        .target(name: "Reports", dependencies: [
            "CCairo", "Store", "Imaging", "Ingest", "RebutCore",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // A flat's quarters and a project's deduction estimate: built from the store, as text (CSV, JSON,
        // terminal) and as ReportDocuments (the PDF reports); shared by the CLI and the web app.
        .target(name: "DomainReports", dependencies: ["Reports", "Store", "Rental", "RnDDeduction", "RebutCore"]),
        // The interactive candidate picker: a pure state machine and renderer, plus a thin terminal layer.
        .target(name: "Review", dependencies: ["Store", "RebutCore"]),
        // The watched folder: files dropped in a folder are filed once each, crash-safe.
        .target(name: "Watcher", dependencies: [
            "Pipeline", "Store", "RebutCore", "Ingest",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The web app and JSON API (rebut serve): pages, picker, phone upload; calls Pipeline and Store.
        .target(name: "WebApp", dependencies: [
            "Pipeline", "Store", "RebutCore", "Ingest", "Categorisation", "CQRencode", "Reports", "DomainReports", "Rental",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "rebut", dependencies: [
            "Pipeline", "Review", "Watcher", "Reports", "RebutCore", "Store", "Extraction", "Categorisation", "Ingest", "Imaging", "OCR",
            "Rental", "RnDDeduction", "DomainReports", "WebApp", "CMalloc",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Fixture lookup and temporary folders shared by the test targets.
        .target(name: "RebutTestSupport", dependencies: ["CLeptonica", "Imaging", "Ingest"], path: "Tests/RebutTestSupport"),

        .testTarget(name: "RebutCoreTests", dependencies: ["RebutCore"]),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "RebutCore", "RebutTestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Ingest", "RebutCore", "RebutTestSupport"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "Imaging", "Ingest", "RebutCore", "RebutTestSupport"]),
        .testTarget(name: "ExtractionTests", dependencies: ["Extraction", "RebutCore"]),
        .testTarget(name: "CategorisationTests", dependencies: ["Categorisation", "RebutCore"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "RebutCore", "Rental", "RnDDeduction"]),
        .testTarget(name: "RentalTests", dependencies: ["Rental", "RebutCore"]),
        .testTarget(name: "RnDDeductionTests", dependencies: ["RnDDeduction", "RebutCore"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Store", "Extraction", "OCR", "Imaging", "Ingest", "RebutCore", "RebutTestSupport"]),
        .testTarget(name: "ReviewTests", dependencies: [
            "Review", "Store", "Pipeline", "Categorisation", "RebutCore", "RebutTestSupport",
        ]),
        .testTarget(name: "WatcherTests", dependencies: [
            "Watcher", "Pipeline", "Store", "Ingest", "RebutCore", "RebutTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Store", "Ingest", "RebutCore", "RebutTestSupport"]),
        .testTarget(name: "DomainReportsTests", dependencies: ["DomainReports", "Reports", "Rental", "RnDDeduction", "RebutCore"]),
        .testTarget(name: "WebAppTests", dependencies: [
            "WebApp", "Rental", "Reports", "Pipeline", "Store", "RebutCore", "Categorisation", "RebutTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(name: "CLITests", dependencies: ["RebutCore", "RebutTestSupport"]),
    ]
)

// libFuzzer harnesses (Fuzz/), built only by scripts/fuzz.sh, which sets REBUT_FUZZ=1 and its own
// scratch path: without the variable they are not in the package, so `swift build --build-tests`
// never compiles them (they need -sanitize=fuzzer to link).
if Context.environment["REBUT_FUZZ"] == "1" {
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "FuzzExtraction", dependencies: ["CLibFuzzer", "Extraction", "RebutCore"],
                          path: "Fuzz/FuzzExtraction"),
        .executableTarget(name: "FuzzImageDecoding", dependencies: ["CLibFuzzer", "Imaging", "Ingest", "RebutCore"],
                          path: "Fuzz/FuzzImageDecoding"),
    ]
}
