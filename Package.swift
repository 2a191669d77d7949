// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "theolua",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "theolua", targets: ["theolua"]),
        .library(name: "TheoluaCore", targets: ["TheoluaCore"]),
        .library(name: "TheoluaCanvas", targets: ["TheoluaCanvas"]),
        .library(name: "TheoluaTerminal", targets: ["TheoluaTerminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Lua 5.4 from the system: Debian's liblua5.4-dev or Homebrew's lua.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // Elements, components, state, reconciler, controllers, actions. No Lua, no terminal.
        .target(name: "TheoluaCore"),
        // Cells, styles, Unicode widths, layout and paint. Knows nothing of components.
        .target(name: "TheoluaCanvas"),
        // The only code that touches a tty: raw mode, signals, resize, writing frames, decoding keys.
        .target(name: "TheoluaTerminal"),
        .executableTarget(
            name: "theolua",
            dependencies: [
                "TheoluaCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "theolua-bench", dependencies: ["TheoluaCore"]),
        .testTarget(name: "CLuaTests", dependencies: ["CLua"]),
        .testTarget(name: "TheoluaCoreTests", dependencies: ["TheoluaCore"]),
        .testTarget(name: "TheoluaCanvasTests", dependencies: ["TheoluaCanvas"]),
        .testTarget(name: "TheoluaTerminalTests", dependencies: ["TheoluaTerminal"]),
    ],
    swiftLanguageModes: [.v6]
)
