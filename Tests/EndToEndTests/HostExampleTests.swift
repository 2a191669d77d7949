import Testing

/// The embedding example host, run as a process: the view script over Swift data, a
/// Swift component drawing latency, a restart through the host function answered from
/// a task, and the script's `ui.emit` received by the host.
@Suite struct EmbeddingExampleTests {
    @Test func embeddingHostRestartsAServiceAndReceivesEmits() {
        let binary = Paths.products + "/theolua-embed-example"
        let result = runProcess(binary, ["--headless", "down", "r", "enter"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, named: "embedding-down-r-enter")
        #expect(result.stdout.contains("host received selected: worker"))
        #expect(result.stdout.contains("restarting worker"))
    }
}
