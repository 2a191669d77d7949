import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared sample cases of the CLI contract, run against the built binary.
@Suite struct ConformanceTests {
    @Test func sharedConformanceSamplesPass() throws {
        let runner = Paths.package + "/../shared/conformance/run.py"
        guard access(runner, R_OK) == 0 else { return }  // the samples live beside the repository
        let result = runProcess("/usr/bin/env", ["python3", runner, Paths.binary])
        #expect(result.stdout.contains(" 0 failed"), "\(result.stdout)\(result.stderr)")
    }

    /// The samples of PRODUCT.md part two whose capabilities have landed.
    static let landedPartTwo = ["list-end", "spawn-needs-permission", "test-runner-pass"]

    /// The samples of PRODUCT.md part three whose capabilities have landed (§13: JSON and
    /// writing with permission; §12: styled runs).
    static let landedPartThree = ["json-roundtrip", "write-denied", "span-wrap"]

    @Test func partTwoSamplesOfLandedCapabilitiesPass() throws {
        expectLanded(Self.landedPartTwo, in: "part-two")
    }

    @Test func partThreeSamplesOfLandedCapabilitiesPass() throws {
        expectLanded(Self.landedPartThree, in: "part-three")
    }

    /// Runs the samples `cases` of the folder `folder` of the shared samples; all pass.
    private func expectLanded(_ cases: [String], in folder: String) {
        let runner = Paths.package + "/../shared/conformance/run.py"
        guard access(runner, R_OK) == 0 else { return }
        let result = runProcess("/usr/bin/env", ["python3", runner, Paths.binary] + cases, adding: ["CASES=\(folder)"])
        #expect(result.stdout.contains("\(cases.count) passed, 0 failed"), "\(result.stdout)\(result.stderr)")
    }
}
