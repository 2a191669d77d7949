import Testing
import TheoluaCanvas

@testable import TheoluaWidgets

/// The textarea's text model: wrapping and edits.
@Suite struct TextareaDocumentTests {
    @Test func wrappingKeepsEveryCharacterInOneRow() {
        let rows = TextareaDocument.wrap("alpha beta gamma", width: 11, words: true)
        #expect(rows.starts == [0, 11])
        #expect(rows.widths == [11, 5])
        // A full last row gets an empty row after it, for the cursor at the line's end.
        #expect(TextareaDocument.wrap("abcde", width: 5, words: true).starts == [0, 5])
        #expect(TextareaDocument.wrap("", width: 5, words: true).starts == [0])
        // A word longer than a row breaks between its characters.
        #expect(TextareaDocument.wrap("abcdefgh ij", width: 4, words: true).starts == [0, 4, 8])
        // Tabs take four cells.
        #expect(TextareaDocument.wrap("\tab", width: 5, words: true).widths == [5, 1])
    }

    @Test func editsChangeOnlyTheLinesAtTheCursor() {
        var document = TextareaDocument("one\ntwo\r\nthree")
        #expect(document.lines == ["one", "two", "three"])
        document.cursor = TextPosition(line: 1, offset: 1)
        #expect(apply(&document, .insert("X\nY")))
        #expect(document.text == "one\ntX\nYwo\nthree")
        #expect(document.cursor == TextPosition(line: 2, offset: 1))
        #expect(apply(&document, .deleteToLineStart))
        #expect(document.text == "one\ntX\nwo\nthree")
        #expect(apply(&document, .deleteBackward))
        #expect(document.text == "one\ntXwo\nthree")
        #expect(document.cursor == TextPosition(line: 1, offset: 2))
        #expect(apply(&document, .deleteToLineEnd))
        #expect(apply(&document, .deleteToLineEnd))
        #expect(document.text == "one\ntXthree")
        document.cursor = document.end
        #expect(!apply(&document, .deleteForward))
        document.cursor = TextPosition(line: 0, offset: 0)
        #expect(!apply(&document, .deleteBackward))
    }

    private func apply(_ document: inout TextareaDocument, _ edit: TextareaDocument.Edit) -> Bool {
        document.apply(edit)
    }

    @Test func controlCharactersAreDroppedFromInsertedText() {
        #expect(TextareaDocument.normalized("a\r\nb\rc\td\u{1B}e") == "a\nb\nc\tde")
    }
}

/// Random edits and moves against a plain model of the text: the document must hold
/// the same text, keep its cursor on a character boundary, and wrap every line into
/// rows that cover it, whatever is typed, pasted or deleted.
@Suite struct TextareaRandomEditTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static let pieces = ["a", "word ", " ", "\n", "日本", "e\u{301}", "👍🏽", "\t", "x\ny", "long-word-without-spaces"]

    @Test(arguments: 0..<40) func randomEditsMatchAPlainModel(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 11)
        var document = TextareaDocument("")
        var model: [Character] = []
        var cursor = 0
        for _ in 0..<300 {
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                let piece = Self.pieces.randomElement(using: &random) ?? "a"
                _ = document.apply(.insert(piece))
                // The model inserts the characters; the cursor goes after them.
                model = Array(String(model[..<cursor]) + piece + String(model[cursor...]))
                cursor = Self.characterIndex(of: document)
            case 2:
                _ = document.apply(.deleteBackward)
                if cursor > 0 {
                    model.remove(at: cursor - 1)
                    cursor -= 1
                }
            case 3:
                _ = document.apply(.deleteForward)
                if cursor < model.count { model.remove(at: cursor) }
            case 4:
                if let previous = document.position(before: document.cursor) { document.cursor = previous }
                cursor = max(0, cursor - 1)
            case 5:
                if let next = document.position(after: document.cursor) { document.cursor = next }
                cursor = min(model.count, cursor + 1)
            case 6:
                document.setWrapping(width: Int.random(in: 1...12, using: &random), words: Bool.random(using: &random))
            default:
                let row = document.place(of: document.cursor).row
                document.cursor = document.position(in: row, x: Int.random(in: 0...12, using: &random))
                cursor = Self.characterIndex(of: document)
            }
            #expect(document.text == String(model), "seed \(seed)")
            #expect(Self.characterIndex(of: document) == cursor, "seed \(seed)")
            for index in document.lines.indices {
                let rows = document.rows(of: index)
                let line = document.lines[index]
                #expect(rows.starts.first == 0)
                #expect(zip(rows.starts, rows.starts.dropFirst()).allSatisfy { $0 < $1 })
                #expect(
                    rows.starts.allSatisfy {
                        line.utf8.index(line.startIndex, offsetBy: $0).samePosition(in: line) != nil
                    })
                #expect(rows.widths.allSatisfy { $0 <= max(document.width, 4) })
            }
            if document.text != String(model) { return }
        }
    }

    /// The cursor as a count of characters from the start of the text.
    static func characterIndex(of document: TextareaDocument) -> Int {
        var count = 0
        for line in document.lines[..<document.cursor.line] { count += line.count + 1 }
        let line = document.lines[document.cursor.line]
        return count + line[..<line.utf8.index(line.startIndex, offsetBy: document.cursor.offset)].count
    }
}
