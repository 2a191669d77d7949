import Testing
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile paths and output, generated: the read check never lets a path out of the
/// granted folder, whatever `..`, `.`, links and slashes it is made of; lines come out
/// the same however output is cut into reads.
@Suite struct PathPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func noPathLeavesTheGrantedFolder() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let granted = scratch.folder("granted")
        _ = scratch.folder("granted/sub")
        _ = scratch.folder("outside")
        scratch.write("outside/secret", "s")
        scratch.write("granted/sub/file", "f")
        scratch.link("granted/out", to: scratch.path + "/outside")
        scratch.link("granted/up", to: "..")
        scratch.link("granted/sub/loop", to: "../sub")
        scratch.link("granted/sub/abs", to: "/")
        let realGranted = Paths.resolved(granted)
        let permissions = Permissions(read: .only([granted]))
        let pieces = ["..", ".", "", "sub", "file", "out", "up", "loop", "abs", "secret", "outside", "granted", "x"]
        var generator = Generator(state: 0x7E01)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...7, using: &generator)
            var path = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "." }.joined(separator: "/")
            if Bool.random(using: &generator) { path = granted + "/" + path }
            guard let allowed = try? permissions.check(read: path, folder: granted) else { continue }
            #expect(Paths.isInside(allowed, realGranted), "\(path) → \(allowed)")
            // What the kernel would open is inside too.
            let absolute = Paths.absolute(path, in: granted)
            if let real = realpath(absolute, nil) {
                #expect(Paths.isInside(String(cString: real), realGranted), "\(path) opens \(String(cString: real))")
                free(real)
            }
        }
    }

    @Test func linesDoNotDependOnHowOutputIsCut() {
        var generator = Generator(state: 0x11E5)
        let alphabet: [UInt8] = Array("ab\r\n\n\u{0}é".utf8)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? 0
            }
            var whole = LineSplitter(limit: 16)
            let expected = whole.feed(bytes) + (whole.finish().map { [$0] } ?? [])
            var pieces = LineSplitter(limit: 16)
            var lines: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...9, using: &generator))
                lines += pieces.feed(bytes[start..<end])
                start = end
            }
            lines += pieces.finish().map { [$0] } ?? []
            #expect(lines == expected)
        }
    }
}
