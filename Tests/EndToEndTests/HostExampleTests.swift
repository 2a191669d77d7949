import Testing

/// The embedding example host, run as a process: Swift data in, a native Swift
/// component drawn, a key pressed, and the script's `ui.emit` received by the host.
@Suite struct EmbeddingExampleTests {
    @Test func embeddingHostRendersSwiftDataAndReceivesEmits() {
        let binary = Paths.products + "/theolua-embed-example"
        let result = runProcess(binary, ["--headless", "down", "enter"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, named: "embedding-down-enter")
        #expect(result.stdout.contains("host received selected: sourcekit (pid 214)"))
    }
}
