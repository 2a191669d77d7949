import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Golden screens: expected outputs kept as text files in `Golden/` next to the tests.
///
/// `Golden.check(output, named: "todo-add")` compares `output` with
/// `Tests/EndToEndTests/Golden/todo-add.txt`. On a difference the failure shows both
/// screens line by line, escapes made visible (`␛[31m`). Run the tests with
/// `THEOLUA_RECORD=1` to write the files from the current outputs instead (then review
/// them with `git diff`); a missing file fails and says so.
enum Golden {
    /// Where golden files live.
    static let folder = Paths.package + "/Tests/EndToEndTests/Golden"

    /// Whether the run re-records golden files (`THEOLUA_RECORD=1`).
    static var isRecording: Bool {
        guard let value = getenv("THEOLUA_RECORD") else { return false }
        return String(cString: value) == "1"
    }

    /// The path of the golden file `name`.
    static func path(_ name: String) -> String { folder + "/" + name + ".txt" }

    /// Compares `actual` with the golden file `name`, or records it when recording.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = path(name)
        if isRecording {
            Files.makeFolder(folder)
            if !Files.write(actual, to: file) {
                Issue.record("could not write the golden file \(file)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = Files.read(file) else {
            Issue.record(
                "no golden file \(file): run the tests with THEOLUA_RECORD=1 to record it, then review it",
                sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record(
                Comment(
                    rawValue: "output differs from Golden/\(name).txt (THEOLUA_RECORD=1 re-records):\n"
                        + difference(expected: expected, actual: actual)),
                sourceLocation: sourceLocation)
        }
    }

    /// Both texts line by line: equal lines once, differing ones as `-` (golden) and `+`
    /// (actual), with line numbers (the first line numbered `firstLine`), escapes and
    /// trailing spaces made visible.
    static func difference(expected: String, actual: String, firstLine: Int = 1) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? visible(old[index]) : nil
            let after = index < new.count ? visible(new[index]) : nil
            let number = String(firstLine + index).leftPadded(to: 3)
            if before == after, let before {
                lines.append("  \(number) │\(before)")
            } else {
                if let before { lines.append("- \(number) │\(before)") }
                if let after { lines.append("+ \(number) │\(after)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A line with escape characters as `␛` and a trailing space marked `·`.
    static func visible(_ line: Substring) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            if scalar == "\u{1B}" {
                text += "␛"
            } else if scalar == "\r" {
                text += "␍"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        if text.hasSuffix(" ") { text += "·" }
        return text
    }
}

extension String {
    /// The string with spaces before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
