/// One fenced code block of a Markdown file, as CommonMark reads it: an opening run of
/// three or more backticks (or tildes), indented as the list item it sits in, an info
/// string, the content lines, and a closing run at least as long.
struct FencedBlock: Sendable {
    /// The file, relative to the package (`docs/lua-api.md`).
    var file: String
    /// The line of the opening fence, counted from 1.
    var line: Int
    /// The info string after the opening fence, trimmed (`lua fragment`).
    var info: String
    /// The content, with the fence's indentation removed from each line.
    var lines: [String]
    /// Whether the file ended before the block's closing fence.
    var isUnclosed = false

    /// The language: the info string's first word, or "" for a bare block.
    var language: String { String(info.prefix { $0 != " " }) }

    /// What follows the language in the info string, trimmed.
    var attributes: String {
        String(info.drop { $0 != " " }.drop { $0 == " " })
    }

    /// The line of the file that holds content line `index` (from 0).
    func fileLine(ofContentLine index: Int) -> Int { line + 1 + index }

    /// The block's content as one text, each line ended by a newline.
    var text: String { lines.map { $0 + "\n" }.joined() }
}

enum Markdown {
    /// Every fenced block of `text`, in order.
    static func fencedBlocks(in text: String, file: String) -> [FencedBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [FencedBlock] = []
        var open: (block: FencedBlock, indent: Int, marker: Character, length: Int)?
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            if var current = open {
                let run = rest.prefix { $0 == current.marker }.count
                if run >= current.length && rest.dropFirst(run).allSatisfy({ $0 == " " }) {
                    blocks.append(current.block)
                    open = nil
                } else {
                    // Content keeps what is indented past the fence; less is taken as is.
                    current.block.lines.append(String(line.dropFirst(min(indent, current.indent))))
                    open = current
                }
                continue
            }
            guard let marker = rest.first, marker == "`" || marker == "~" else { continue }
            let run = rest.prefix { $0 == marker }.count
            guard run >= 3 else { continue }
            let info = rest.dropFirst(run).trimmingSpaces
            if marker == "`" && info.contains("`") { continue }  // inline code, not a fence
            open = (FencedBlock(file: file, line: index + 1, info: info, lines: []), indent, marker, run)
        }
        if var unclosed = open?.block {
            unclosed.isUnclosed = true
            blocks.append(unclosed)
        }
        return blocks
    }
}

/// Splits `text` into words as a POSIX shell does for simple commands: spaces separate
/// words, single quotes keep everything literally, double quotes keep everything but a
/// backslash before `"`, `\`, `$` or a backquote, and a backslash outside quotes keeps
/// the next character. Returns nil when a quote is left open.
func shellWords(_ text: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var characters = text.makeIterator()
    while let character = characters.next() {
        switch character {
        case " ", "\t":
            if inWord { words.append(word) }
            word = ""
            inWord = false
        case "'":
            inWord = true
            var closed = false
            while let next = characters.next() {
                if next == "'" {
                    closed = true
                    break
                }
                word.append(next)
            }
            if !closed { return nil }
        case "\"":
            inWord = true
            var closed = false
            while let next = characters.next() {
                if next == "\"" {
                    closed = true
                    break
                }
                if next == "\\" {
                    guard let escaped = characters.next() else { return nil }
                    if !"\"\\$`".contains(escaped) { word.append("\\") }
                    word.append(escaped)
                } else {
                    word.append(next)
                }
            }
            if !closed { return nil }
        case "\\":
            inWord = true
            if let next = characters.next() { word.append(next) }
        default:
            inWord = true
            word.append(character)
        }
    }
    if inWord { words.append(word) }
    return words
}

extension StringProtocol {
    /// The text without the spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
