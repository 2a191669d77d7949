import Testing

/// The memory bounds of the hostile corpora read a child's peak from /proc while it
/// runs; these check that reading.
@Suite struct PeakMemoryTests {
    @Test func aChildsPeakIsItsOwn() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write(
            "big.lua",
            """
            local ui = require("theolua")
            local held = string.rep("x", 96 * 1024 * 1024)
            -- Alive for a fifth of a second, holding it: render waits for the process
            ui.spawn("sleep", { "0.2" })
            return ui.text(tostring(#held))
            """)
        let big = runTheolua(["render", app, "--size", "20x1", "--allow-run=sleep"])
        #expect(big.status == 0, "\(big.stderr)")
        #expect(big.peakKilobytes >= 96 * 1024, "read \(big.peakKilobytes) KiB")

        // Spawned one after another, a small child never shows this process's memory,
        // which it shares for a moment while its exec is under way.
        for _ in 0..<20 {
            let small = runProcess("/bin/sleep", rawArguments: [Array("0.03".utf8)])
            #expect(small.peakKilobytes < 8 * 1024, "read \(small.peakKilobytes) KiB")
        }
    }
}
