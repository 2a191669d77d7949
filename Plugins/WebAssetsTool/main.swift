import Foundation

// Writes WebAssets.swift: the page of `theolua serve --web`, its script and style, and
// xterm.js's CommonJS modules (as node-xterm ships them) wrapped for the page's loader.
//
//     theolua-web-assets OUTPUT.swift PAGE-FOLDER XTERM-FOLDER|"" LOOKED-IN…
//
// Without xterm.js, or with one whose modules do not all resolve, the build still
// succeeds: `--web` then says what is missing, and serving over SSH is unaffected.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: theolua-web-assets OUTPUT PAGE XTERM [LOOKED-IN…]\n".utf8))
    exit(2)
}
let output = arguments[1]
let page = URL(filePath: arguments[2])
let xtermFolder = arguments[3]
let lookedIn = arguments.dropFirst(4).joined(separator: ", ")

func read(_ url: URL) throws -> String {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.replacingOccurrences(of: "\r\n", with: "\n")
}

/// `text` as a Swift raw string literal, with enough `#`s that nothing in it ends or
/// escapes the literal.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

/// The modules of xterm.js as the page's loader defines them, its style, and its
/// version; or why there are none.
struct Xterm {
    var script = ""
    var style = ""
    var version = ""
    var missing: String?
}

func xterm() -> Xterm {
    guard !xtermFolder.isEmpty else {
        return Xterm(missing: "xterm.js was not found when this theolua was built (looked in \(lookedIn))")
    }
    let lib = URL(filePath: xtermFolder).appending(path: "lib")
    do {
        var result = Xterm()
        let package = try read(URL(filePath: xtermFolder).appending(path: "package.json"))
        if let range = package.range(of: #""version"\s*:\s*"([^"]+)""#, options: .regularExpression) {
            result.version = String(package[range]).split(separator: "\"").last.map(String.init) ?? ""
        }
        result.style = try read(lib.appending(path: "xterm.css"))
        guard let walker = FileManager.default.enumerator(at: lib, includingPropertiesForKeys: nil) else {
            return Xterm(missing: "cannot list \(lib.path())")
        }
        let prefix = lib.path().hasSuffix("/") ? lib.path() : lib.path() + "/"
        // The library and the one add-on the page uses (fit, in a folder Debian links in
        // from libjs-xterm, which the walk does not enter); not the tests, nor add-ons
        // that need packages of their own.
        let names = (walker.compactMap { ($0 as? URL)?.path() }
            .filter { $0.hasSuffix(".js") && !$0.hasSuffix(".test.js") }
            .map { String($0.dropFirst(prefix.count).dropLast(3)) }
            .filter { !$0.hasPrefix("addons/") } + ["addons/fit/fit"])
            .sorted()
        let known = Set(names)
        var script = "var theoluaModules = {};\n"
        for name in names {
            var source = try read(lib.appending(path: name + ".js"))
            // Source maps are not served.
            source = source.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("//# sourceMappingURL=") }.joined(separator: "\n")
            for required in requires(in: source) {
                guard required.hasPrefix("."), known.contains(resolve(required, from: name)) else {
                    return Xterm(missing: "xterm.js in \(xtermFolder) needs \(required), which it does not ship")
                }
            }
            script += "theoluaModules[\"\(name)\"] = function (require, module, exports) {\n\(source)\n};\n"
        }
        guard known.contains("xterm"), known.contains("addons/fit/fit") else {
            return Xterm(missing: "xterm.js in \(xtermFolder) has no lib/xterm.js or fit add-on")
        }
        result.script = script
        return result
    } catch {
        return Xterm(missing: "cannot read xterm.js in \(xtermFolder): \(error.localizedDescription)")
    }
}

/// The names a module requires, as written.
func requires(in source: String) -> [String] {
    var found: [String] = []
    var rest = source[...]
    while let start = rest.range(of: "require(\"") {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { break }
        found.append(String(rest[..<end]))
        rest = rest[end...]
    }
    return found
}

/// A relative module name from `module`, as the page's loader resolves it.
func resolve(_ name: String, from module: String) -> String {
    var parts = module.split(separator: "/").dropLast().map(String.init)
    for part in name.split(separator: "/") {
        if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
    }
    return parts.joined(separator: "/")
}

do {
    let found = xterm()
    let source = """
        // Generated by theolua-web-assets when TheoluaServe is built; not in the repository.
        #if Serve
        enum WebAssets {
            static let page = \(literal(try read(page.appending(path: "index.html"))))
            static let client = \(literal(try read(page.appending(path: "client.js"))))
            static let style = \(literal(try read(page.appending(path: "page.css"))))
            static let xtermVersion = \(literal(found.version))
            static let xtermMissing: String? = \(found.missing.map(literal) ?? "nil")
            static let xtermScript = \(literal(found.script))
            static let xtermStyle = \(literal(found.style))
        }
        #endif

        """
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("theolua-web-assets: \(error)\n".utf8))
    exit(1)
}
