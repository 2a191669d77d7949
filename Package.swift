// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "theolua",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "theolua", targets: ["theolua"]),
        .executable(name: "theolua-serve", targets: ["theolua-serve"]),
        .library(name: "TheoluaCore", targets: ["TheoluaCore"]),
        .library(name: "TheoluaCanvas", targets: ["TheoluaCanvas"]),
        .library(name: "TheoluaTerminal", targets: ["TheoluaTerminal"]),
        .library(name: "TheoluaLua", targets: ["TheoluaLua"]),
        .library(name: "TheoluaRuntime", targets: ["TheoluaRuntime"]),
        .library(name: "TheoluaSystem", targets: ["TheoluaSystem"]),
        .library(name: "TheoluaWidgets", targets: ["TheoluaWidgets"]),
        .library(name: "TheoluaCapabilities", targets: ["TheoluaCapabilities"]),
        .library(name: "TheoluaMarkdown", targets: ["TheoluaMarkdown"]),
    ],
    // The `theolua` command and its one dependency, the argument parser. On by default;
    // a host that depends on the libraries only turns it off (`traits: []`), and the
    // parser is then neither fetched nor built (docs/embedding.md, "Set-up").
    // `Serve` adds `theolua serve` to it, and the server that command starts in its
    // place, `theolua-serve`, with SwiftNIO (and Foundation); the runtime `theolua
    // bundle` puts apps in is built without (scripts/build-static).
    traits: [
        .trait(name: "CommandLine", description: "The theolua command-line tool, with swift-argument-parser."),
        .trait(name: "Serve", description: "theolua serve: apps over SSH, with SwiftNIO.", enabledTraits: ["CommandLine"]),
        .default(enabledTraits: ["CommandLine", "Serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `theolua serve`: SwiftNIO's SSH server, and the keys it signs with.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    ],
    targets: [
        // Lua 5.4 from the system: Debian's liblua5.4-dev or Homebrew's lua.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // GitHub's CommonMark parser from the system: Debian's libcmark-gfm-dev and
        // libcmark-gfm-extensions-dev, or Homebrew's cmark-gfm.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // cmark-gfm run within bounds: its allocations come from an arena of ours that
        // ends a parse past a size or a time, and frees all it made.
        .target(name: "CTheoluaMarkdown", dependencies: ["CCmark"]),
        // Markdown documents as blocks and styled runs, read by cmark-gfm.
        .target(name: "TheoluaMarkdown", dependencies: ["CCmark", "CTheoluaMarkdown"]),
        // Our C side of the Lua bridge: the capped allocator, the instruction budget, and
        // the trampoline that raises Lua errors only after Swift frames have returned.
        .target(name: "CLuaSupport", dependencies: ["CLua"]),
        // Elements, components, state, reconciler, controllers, actions. No Lua, no terminal.
        // The one lock threads share state through, seen by ThreadSanitizer.
        .target(name: "TheoluaLock"),
        .target(name: "TheoluaCore", dependencies: ["TheoluaLock"]),
        // Lua scripts as component authors: the theolua module, the schema language, script
        // components. Touches no file and starts no process: capabilities do, installed.
        .target(name: "TheoluaLua", dependencies: ["CLua", "CLuaSupport", "TheoluaCore", "TheoluaLock"]),
        // Cells, styles, Unicode widths, layout and paint. Knows nothing of components.
        .target(name: "TheoluaCanvas", dependencies: ["TheoluaLock"]),
        // Side effects for scripts that do real work: processes, files, watches, tails,
        // and the permissions that allow them. Knows nothing of components or Lua.
        // libcurl is loaded with dlopen (ui.fetch), in libdl on older C libraries.
        .target(name: "CTheoluaSystem", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "TheoluaSystem", dependencies: ["CTheoluaSystem", "TheoluaLock"]),
        // What scripts may do beyond the sandbox: ui.spawn, ui.readFile, ui.listDir,
        // ui.watch, ui.tail and the module files require reads, bridged to TheoluaSystem
        // by thin glue and installed in the Lua bridge.
        .target(
            name: "TheoluaCapabilities",
            dependencies: ["CLua", "CLuaSupport", "TheoluaCore", "TheoluaLua", "TheoluaSystem"]),
        // The only code that touches a tty: raw mode, signals, resize, writing frames, decoding keys.
        .target(name: "TheoluaTerminal", dependencies: ["TheoluaLock"]),
        // The widget kit: one folder per widget (its spec, its component or host widget,
        // its keys), what they share in Kit/, and the one list of built-ins (BuiltIn).
        .target(
            name: "TheoluaWidgets", dependencies: ["TheoluaCore", "TheoluaCanvas", "TheoluaTerminal", "TheoluaMarkdown"]),
        // Joins them: mounts components into the canvas, routes keys and focus, runs
        // apps headless or in a terminal. The public API hosts (and the CLI) use.
        .target(
            name: "TheoluaRuntime",
            dependencies: [
                "TheoluaCore", "TheoluaCanvas", "TheoluaTerminal", "TheoluaLua", "TheoluaSystem", "TheoluaCapabilities",
                "TheoluaWidgets",
            ]
        ),
        // `theolua serve`: apps served to many users over SSH and the web, a session per
        // connection, each a `theolua run` of its own on a pseudo-terminal.
        .target(
            name: "TheoluaServe",
            dependencies: [
                // Under the trait, so that a build without it (a host of the libraries)
                // resolves none of these packages; the sources are `#if Serve` alike.
                "TheoluaTerminal", "TheoluaLock",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Serve"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Serve"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Serve"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Serve"])),
                .product(name: "NIOSSH", package: "swift-nio-ssh", condition: .when(traits: ["Serve"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Serve"])),
            ],
            // The page of `--web` (Web/) and xterm.js from the system's packages, embedded
            // into the binary as it is built.
            exclude: ["Web"],
            plugins: ["WebAssets"]),
        // The server `theolua serve` starts in its place: the one binary with SwiftNIO
        // and Foundation in it, so that `theolua run` (each session is one) starts
        // without them.
        .executableTarget(
            name: "theolua-serve",
            dependencies: ["TheoluaServeLaunch", .target(name: "TheoluaServe", condition: .when(traits: ["Serve"]))]),
        // Reads the page and xterm.js for the WebAssets plugin, writing them as Swift.
        .executableTarget(name: "theolua-web-assets", path: "Plugins/WebAssetsTool"),
        .plugin(name: "WebAssets", capability: .buildTool(), dependencies: ["theolua-web-assets"]),
        // `theolua test`: runs test scripts against apps mounted through the public
        // Runtime API, like any host.
        .target(name: "TheoluaTesting", dependencies: ["TheoluaRuntime"]),
        // What `theolua serve` hands the server once its command line is checked.
        .target(name: "TheoluaServeLaunch"),
        .executableTarget(
            name: "theolua",
            dependencies: [
                "TheoluaRuntime", "TheoluaTesting", "CLuaSupport", "TheoluaServeLaunch",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLine"])),
            ]
        ),
        // A host with a scriptable view (Examples/Embedding): a service dashboard whose view
        // is a Lua script over Swift data, with a Swift component, a host function, a
        // sampler task feeding the running app, and its own Swift Testing tests.
        .target(name: "ServicesHost", dependencies: ["TheoluaRuntime"], path: "Examples/Embedding/Sources/ServicesHost"),
        .executableTarget(
            name: "theolua-embed-example", dependencies: ["ServicesHost", "TheoluaRuntime"],
            path: "Examples/Embedding/Sources/theolua-embed-example"),
        .testTarget(name: "ServicesHostTests", dependencies: ["ServicesHost", "TheoluaRuntime"], path: "Examples/Embedding/Tests"),
        // A Swift-only program: Swift components full-screen, no Lua.
        .executableTarget(name: "theolua-swift-example", dependencies: ["TheoluaRuntime"], path: "Examples/SwiftOnly"),
        .executableTarget(
            name: "theolua-bench",
            dependencies: ["TheoluaCore", "TheoluaCanvas", "TheoluaLua", "TheoluaRuntime", "TheoluaLock", "CBenchSupport"]),
        // The C heap's figures for the benchmark.
        .target(name: "CBenchSupport"),
        // The parsers of outside input as fuzz targets, shared by the fuzzer and the
        // corpus replay test.
        .target(name: "TheoluaFuzz", dependencies: ["TheoluaRuntime", "TheoluaMarkdown", "CLua", "CLuaSupport"]),
        // libFuzzer's entry (built by scripts/fuzz with -sanitize=fuzzer), or a replay tool.
        .executableTarget(name: "theolua-fuzz", dependencies: ["TheoluaFuzz"]),
        // A small HTTP server on 127.0.0.1 for the tests of ui.fetch.
        .target(name: "TheoluaTestServer", dependencies: ["TheoluaLock"], path: "Tests/TestServer"),
        .testTarget(name: "CLuaTests", dependencies: ["CLua", "CLuaSupport"]),
        .testTarget(name: "TheoluaCoreTests", dependencies: ["TheoluaCore", "TheoluaWidgets"]),
        .testTarget(
            name: "TheoluaLuaTests", dependencies: ["TheoluaLua", "TheoluaCore", "TheoluaCapabilities", "TheoluaRuntime"]),
        .testTarget(
            name: "TheoluaRuntimeTests",
            dependencies: [
                "TheoluaRuntime", "TheoluaCore", "TheoluaCanvas", "TheoluaTerminal", "TheoluaLua", "TheoluaWidgets",
                "TheoluaTestServer",
            ]),
        // Runs the built theolua binary as a process: the CLI contract, examples, and
        // `run` through a pseudo-terminal.
        .testTarget(
            name: "EndToEndTests", dependencies: ["TheoluaTerminal", "TheoluaTestServer"], exclude: ["Golden", "Hostile", "Capabilities", "Libraries"]),
        .testTarget(name: "TheoluaCanvasTests", dependencies: ["TheoluaCanvas"]),
        .testTarget(name: "TheoluaWidgetsTests", dependencies: ["TheoluaWidgets", "TheoluaCanvas", "TheoluaCore"]),
        // Yoga's generated layout tests, translated by scripts/yoga-fixtures.
        .testTarget(name: "LayoutConformanceTests", dependencies: ["TheoluaCanvas"], exclude: ["YogaFixtures.json"]),
        .testTarget(name: "TheoluaTerminalTests", dependencies: ["TheoluaTerminal"]),
        .testTarget(name: "TheoluaSystemTests", dependencies: ["TheoluaSystem"]),
        .testTarget(
            name: "TheoluaServeTests",
            dependencies: ["TheoluaServeLaunch", .target(name: "TheoluaServe", condition: .when(traits: ["Serve"]))]),
        // Replays Tests/FuzzCorpus through the fuzz targets.
        .testTarget(name: "FuzzReplayTests", dependencies: ["TheoluaFuzz"]),
    ],
    swiftLanguageModes: [.v6]
)
