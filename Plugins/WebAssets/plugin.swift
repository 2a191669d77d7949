import Foundation
import PackagePlugin

/// Embeds the web page of `theolua serve --web` into TheoluaServe when it is built: our
/// page and its script (in the target's `Web` folder), and xterm.js from the system's
/// packages (Debian's node-xterm), read here and never fetched from the network.
@main
struct WebAssets: BuildToolPlugin {
    /// Where the system's packages put xterm.js: Debian's node-xterm, then npm's global
    /// folders (`npm install -g xterm@3`).
    static let xtermFolders = [
        "/usr/share/nodejs/xterm", "/usr/lib/node_modules/xterm", "/usr/local/lib/node_modules/xterm",
        "/opt/homebrew/lib/node_modules/xterm",
    ]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let page = target.directoryURL.appending(path: "Web")
        let output = context.pluginWorkDirectoryURL.appending(path: "WebAssets.swift")
        let files = FileManager.default
        let xterm = Self.xtermFolders.first { files.fileExists(atPath: $0 + "/lib/xterm.js") }
        // Every file read is an input, so that a change (a newer node-xterm) builds again.
        var inputs = Self.files(in: page)
        if let xterm {
            inputs += Self.files(in: URL(filePath: xterm + "/lib")).filter {
                $0.pathExtension == "js" || $0.pathExtension == "css"
            }
            inputs.append(URL(filePath: xterm + "/lib/addons/fit/fit.js"))
        }
        return [
            .buildCommand(
                displayName: "Embedding the web page of theolua serve" + (xterm.map { " with xterm.js from \($0)" } ?? ""),
                executable: try context.tool(named: "theolua-web-assets").url,
                arguments: [output.path(), page.path(), xterm ?? ""] + Self.xtermFolders,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    private static func files(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }.sorted { $0.path() < $1.path() }
    }
}
