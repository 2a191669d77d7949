import Foundation
import Testing
import TheoluaFuzz

/// Every input kept under `Tests/FuzzCorpus/<target>/` (the fuzzer's seeds, what it found
/// that reaches new code, and the inputs that once broke a property) replayed through
/// the same target the fuzzer runs: each must keep every property.
@Suite struct FuzzReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzCorpus")

    @Test(arguments: FuzzTarget.allCases)
    func theCorpusKeepsEveryProperty(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty, "no corpus for \(target.rawValue)")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let failure = target.run(Array(data))
            #expect(failure == nil, "\(target.rawValue)/\(name): \(failure ?? "")")
        }
    }
}
