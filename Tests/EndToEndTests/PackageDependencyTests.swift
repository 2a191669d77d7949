import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `Package.swift` docs/embedding.md shows a host, resolved by SwiftPM against this
/// checkout: it names the package whatever the checkout's folder is called, and a host
/// of the libraries alone never fetches the command line's argument parser, nor the SSH
/// server's packages.
@Suite struct PackageDependencyTests {
    @Test func theDocumentedManifestResolvesWithoutTheCommandLinesPackages() throws {
        let manifest = try documentedManifest()
        #expect(manifest.contains { $0.contains("traits: []") })
        let folder = Files.temporaryFolder()
        defer { Files.removeTree(folder) }
        // The checkout under a name of its own, as a clone or a submodule may be.
        #expect(symlink(Paths.package, folder + "/theolua-checkout-2") == 0)
        Files.makeFolder(folder + "/host/Sources/MyTool")
        #expect(Files.write(manifest.replacingPath(with: "../theolua-checkout-2"), to: folder + "/host/Package.swift"))
        #expect(Files.write("import TheoluaRuntime\n", to: folder + "/host/Sources/MyTool/main.swift"))
        let result = runProcess(
            "/usr/bin/env", ["swift", "package", "--package-path", folder + "/host", "show-dependencies", "--format", "flatlist"],
            timeout: 240)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("theolua"))
        #expect(!result.stdout.contains("argument-parser"), "\(result.stdout)")
        #expect(!result.stdout.contains("swift-nio"), "\(result.stdout)")
        #expect(!result.stdout.contains("swift-crypto"), "\(result.stdout)")
    }

    /// The `swift fragment` block of docs/embedding.md that is a host's manifest.
    private func documentedManifest() throws -> [String] {
        guard let text = Files.read(Paths.package + "/docs/embedding.md"),
            let block = Markdown.fencedBlocks(in: text, file: "docs/embedding.md").first(where: {
                $0.language == "swift" && $0.lines.contains("// Package.swift of a host")
            })
        else {
            throw ManifestMissing()
        }
        return block.lines
    }

    private struct ManifestMissing: Error {}
}

extension [String] {
    /// The manifest, with its path dependency's path replaced.
    fileprivate func replacingPath(with path: String) -> String {
        map { line in
            guard let start = line.firstRange(of: "path: \""),
                let end = line[start.upperBound...].firstIndex(of: "\"")
            else { return line }
            return String(line[..<start.upperBound]) + path + String(line[end...])
        }.map { $0 + "\n" }.joined()
    }
}
