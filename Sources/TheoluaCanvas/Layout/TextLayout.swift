/// One grapheme of laid-out text, the cells it takes (1 or 2), and the styled run it
/// belongs to (0 for the text's own look, `i` for the node's run `i - 1`). A plain value:
/// the grapheme is its one Unicode scalar, or the index of a cluster of several in the
/// layout's `clusters`, so a line of glyphs is copied and freed without touching each.
struct Glyph {
    /// The scalar, or `clusterBit` with the cluster's index.
    private var value: UInt32
    private var cells: UInt8
    var run: UInt16

    private static let clusterBit: UInt32 = 1 << 31

    /// A printable ASCII character, one cell.
    init(ascii byte: UInt8, run: UInt16 = 0) {
        value = UInt32(byte)
        cells = 1
        self.run = run
    }

    init(scalar: Unicode.Scalar, width: Int, run: UInt16 = 0) {
        value = scalar.value
        cells = UInt8(truncatingIfNeeded: width)
        self.run = run
    }

    /// The cluster at `index` of the layout's `clusters`.
    init(cluster index: Int, width: Int, run: UInt16 = 0) {
        value = Self.clusterBit | UInt32(truncatingIfNeeded: index)
        cells = UInt8(truncatingIfNeeded: width)
        self.run = run
    }

    var width: Int { Int(cells) }
    var isSpace: Bool { value == 0x20 }

    /// The grapheme, reading a cluster from `clusters`.
    func character(in clusters: [Character]) -> Character {
        if value & Self.clusterBit == 0 { return Character(Unicode.Scalar(value) ?? " ") }
        let index = Int(value & ~Self.clusterBit)
        return clusters.indices.contains(index) ? clusters[index] : " "
    }
}

/// One visual line: a run of glyphs of one hard line, and whether it ends with `…`.
struct TextLine: Equatable {
    var line: Int
    var range: Range<Int>
    var width: Int
    var ellipsis: Bool
}

/// A text split into hard lines of glyphs, with the last wrapping kept so repeated
/// measuring and painting at the same width costs nothing.
struct TextLayout {
    /// The hard lines (split at newlines), controls dropped, tabs as four spaces; none
    /// for an empty text, which takes no room.
    let lines: [[Glyph]]
    /// The width of each hard line.
    let lineWidths: [Int]
    /// The graphemes of more than one scalar, which glyphs point to by index.
    let clusters: [Character]
    private var cachedWidth: Int?
    private var cachedWrap: TextWrap?
    private var cachedLines: [TextLine] = []

    init(_ text: String) {
        if let glyphs = Self.asciiGlyphs(of: text, ends: []) {
            lines = [glyphs]
            lineWidths = [glyphs.count]
            clusters = []
            return
        }
        var builder = Builder()
        builder.append(text, run: 0)
        (lines, lineWidths, clusters) = builder.finish()
    }

    /// The layout of `text` cut into runs ending at the UTF-8 offsets `ends` (run `i + 1`
    /// for the bytes before `ends[i]`; the text's own look, 0, after the last). An end
    /// inside a character moves to the character's end.
    init(_ text: String, ends: [Int]) {
        if let glyphs = Self.asciiGlyphs(of: text, ends: ends) {
            lines = [glyphs]
            lineWidths = [glyphs.count]
            clusters = []
            return
        }
        var builder = Builder()
        let utf8 = text.utf8
        builder.current.reserveCapacity(utf8.count)
        var start = utf8.startIndex
        var offset = 0
        for (index, end) in ends.enumerated() where end > offset && start < utf8.endIndex {
            var stop = utf8.index(start, offsetBy: end - offset, limitedBy: utf8.endIndex) ?? utf8.endIndex
            while stop < utf8.endIndex, stop.samePosition(in: text.unicodeScalars) == nil {
                stop = utf8.index(after: stop)
            }
            builder.append(text[start..<stop], run: UInt16(clamping: index + 1))
            offset += utf8.distance(from: start, to: stop)
            start = stop
        }
        if start < utf8.endIndex { builder.append(text[start...], run: 0) }
        (lines, lineWidths, clusters) = builder.finish()
    }

    /// The glyphs of `text` when it is printable ASCII on one line, the common case: a
    /// glyph per byte, one cell each, without breaking the text into grapheme clusters;
    /// each glyph is of the run of the first of `ends` past its byte (see
    /// `init(_:ends:)`). Nil for any other text, and for text whose bytes are not in one
    /// piece.
    private static func asciiGlyphs(of text: String, ends: [Int]) -> [Glyph]? {
        let glyphs = text.utf8.withContiguousStorageIfAvailable { bytes -> [Glyph]? in
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            return [Glyph](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
                var run = 0
                var end = ends.first ?? Int.max
                var look: UInt16 = ends.isEmpty ? 0 : 1
                for byte in bytes {
                    while initialized >= end {
                        run += 1
                        end = run < ends.count ? ends[run] : Int.max
                        look = run < ends.count ? UInt16(clamping: run + 1) : 0
                    }
                    buffer.initializeElement(at: initialized, to: Glyph(ascii: byte, run: look))
                    initialized += 1
                }
            }
        }
        return glyphs ?? nil
    }

    /// The grapheme `glyph` shows.
    func character(of glyph: Glyph) -> Character {
        glyph.character(in: clusters)
    }

    /// The layout of styled runs, one paragraph: each glyph keeps its run's number
    /// (`i + 1` for `runs[i]`). A grapheme cluster does not reach across two runs.
    init(runs: [TextRun]) {
        var builder = Builder()
        builder.current.reserveCapacity(runs.reduce(0) { $0 + $1.text.utf8.count })
        for (index, run) in runs.enumerated() {
            builder.append(run.text, run: UInt16(clamping: index + 1))
        }
        (lines, lineWidths, clusters) = builder.finish()
    }

    /// Hard lines of glyphs built a piece of text at a time.
    private struct Builder {
        var lines: [[Glyph]] = []
        var widths: [Int] = []
        var current: [Glyph] = []
        var clusters: [Character] = []
        var width = 0
        var started = false

        mutating func append(_ text: some StringProtocol, run: UInt16) {
            if text.isEmpty { return }
            started = true
            // Printable ASCII, the common run: a glyph per byte, without grapheme breaking.
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                for byte in text.utf8 { current.append(Glyph(ascii: byte, run: run)) }
                width += text.utf8.count
                return
            }
            for character in text {
                if character.isNewline {
                    lines.append(current)
                    widths.append(width)
                    current = []
                    width = 0
                    continue
                }
                if character == "\t" {
                    for _ in 0..<4 { current.append(Glyph(ascii: 0x20, run: run)) }
                    width += 4
                    continue
                }
                let cells = UnicodeWidth.of(character)
                if cells == 0 { continue }
                let scalars = character.unicodeScalars
                if let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
                    current.append(Glyph(scalar: scalar, width: cells, run: run))
                } else {
                    current.append(Glyph(cluster: clusters.count, width: cells, run: run))
                    clusters.append(character)
                }
                width += cells
            }
        }

        /// The lines: none for no text, which takes no room.
        mutating func finish() -> ([[Glyph]], [Int], [Character]) {
            guard started else { return ([], [], []) }
            lines.append(current)
            widths.append(width)
            return (lines, widths, clusters)
        }
    }

    /// The width of the longest hard line: the text's width when nothing wraps.
    var maxLineWidth: Int { lineWidths.max() ?? 0 }

    /// The visual lines at a given width (nil: unbounded, nothing wraps).
    mutating func wrapped(width: Int?, mode: TextWrap) -> [TextLine] {
        let key = width ?? -1
        if cachedWidth == key, cachedWrap == mode { return cachedLines }
        var result: [TextLine] = []
        for index in lines.indices {
            breakLine(index, width: width, mode: mode, into: &result)
        }
        cachedWidth = key
        cachedWrap = mode
        cachedLines = result
        return result
    }

    /// The size the text takes at a given width (nil: unbounded).
    mutating func size(width: Int?, mode: TextWrap) -> Size {
        let visual = wrapped(width: width, mode: mode)
        var widest = 0
        for line in visual where line.width > widest { widest = line.width }
        if let width { widest = min(widest, width) }
        return Size(width: widest, height: visual.count)
    }

    private func breakLine(_ index: Int, width: Int?, mode: TextWrap, into result: inout [TextLine]) {
        let glyphs = lines[index]
        let total = lineWidths[index]
        guard let width, total > width else {
            result.append(TextLine(line: index, range: 0..<glyphs.count, width: total, ellipsis: false))
            return
        }
        switch mode {
        case .none:
            result.append(TextLine(line: index, range: 0..<glyphs.count, width: total, ellipsis: false))
        case .ellipsis:
            var end = 0
            var used = 0
            while end < glyphs.count, used + glyphs[end].width <= width - 1 {
                used += glyphs[end].width
                end += 1
            }
            result.append(
                TextLine(line: index, range: 0..<end, width: width > 0 ? used + 1 : 0, ellipsis: width > 0))
        case .char:
            breakCharacters(index, glyphs, width: max(1, width), into: &result)
        case .word:
            breakWords(index, glyphs, width: max(1, width), into: &result)
        }
    }

    private func breakCharacters(_ index: Int, _ glyphs: [Glyph], width: Int, into result: inout [TextLine]) {
        var start = 0
        while start < glyphs.count {
            var end = start
            var used = 0
            while end < glyphs.count, used + glyphs[end].width <= width || end == start {
                used += glyphs[end].width
                end += 1
            }
            result.append(TextLine(line: index, range: start..<end, width: used, ellipsis: false))
            start = end
        }
    }

    /// Greedy word wrapping: break at the last space that fits, drop the spaces at the
    /// break, and break a word wider than the line between its characters.
    private func breakWords(_ index: Int, _ glyphs: [Glyph], width: Int, into result: inout [TextLine]) {
        let count = glyphs.count
        var start = 0
        var firstLine = true
        while start < count {
            if !firstLine {
                while start < count, glyphs[start].isSpace { start += 1 }
                if start == count { break }
            }
            firstLine = false
            var cursor = start
            var used = 0
            var breakAt: Int?
            var end = count
            var next = count
            while cursor < count {
                let glyph = glyphs[cursor]
                if glyph.isSpace, cursor > start, !glyphs[cursor - 1].isSpace { breakAt = cursor }
                if used + glyph.width > width {
                    if glyph.isSpace {
                        end = cursor
                    } else if let breakAt {
                        end = breakAt
                    } else {
                        end = max(cursor, start + 1)
                    }
                    next = end
                    break
                }
                used += glyph.width
                cursor += 1
            }
            var trimmed = end
            while trimmed > start, glyphs[trimmed - 1].isSpace { trimmed -= 1 }
            var lineWidth = 0
            for position in start..<trimmed { lineWidth += glyphs[position].width }
            result.append(TextLine(line: index, range: start..<trimmed, width: lineWidth, ellipsis: false))
            start = next
        }
    }
}

extension TextLayout {
    /// The narrowest the text can be without breaking inside a word (a browser's
    /// min-content width): its widest word when it wraps at spaces, its widest
    /// character when it wraps anywhere, and 0 when it does not wrap (it is then clipped
    /// or ends with `…`, as a box with hidden overflow).
    func minimumWidth(mode: TextWrap) -> Int {
        switch mode {
        case .none, .ellipsis:
            return 0
        case .char:
            var widest = 0
            for line in lines {
                for glyph in line where glyph.width > widest { widest = glyph.width }
            }
            return widest
        case .word:
            var widest = 0
            for line in lines {
                var word = 0
                for glyph in line {
                    if glyph.isSpace {
                        word = 0
                    } else {
                        word += glyph.width
                        if word > widest { widest = word }
                    }
                }
            }
            return widest
        }
    }
}
