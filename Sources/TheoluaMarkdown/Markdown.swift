import CCmark
import CTheoluaMarkdown

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Markdown document read by GitHub's CommonMark parser (cmark-gfm, with its tables,
/// strikethrough, autolinks and task lists), as the blocks a terminal draws: this module
/// holds no rules of Markdown of its own, only the walk over the parser's tree.
///
/// The parser runs within bounds in proportion to the text (``byteLimit(forLength:)``,
/// ``timeLimit(forLength:)``): the version a system ships may grow without end on some
/// inputs (a table whose short rows are padded to thousands of columns, a paragraph of
/// thousands of email addresses, a line of thousands of `|`). A document that reaches a
/// bound is read again without the extensions that do (tables and autolinks, shown as
/// the text they are written as), and one that reaches it even so is shown as its text.
public enum Markdown {
    /// The blocks of `text`, in order.
    public static func parse(_ text: String) -> [MarkdownBlock] {
        let bytes = Array(text.utf8)
        let limit = byteLimit(forLength: bytes.count)
        let seconds = timeLimit(forLength: bytes.count)
        for extensions in [allExtensions, linearExtensions] {
            if let blocks = parse(bytes, extensions: extensions, byteLimit: limit, seconds: seconds) { return blocks }
        }
        return text.isEmpty ? [] : [.paragraph([MarkdownRun(text: text)])]
    }

    /// The most bytes the parser may hold for a text of `length` bytes: 16 MiB, and 32
    /// bytes for each of the text's (an ordinary document takes less than 16).
    public static func byteLimit(forLength length: Int) -> Int { 16 << 20 + 32 * length }

    /// The most seconds the parser may run for a text of `length` bytes: half a second,
    /// and a second for each MB (an ordinary document takes a few milliseconds a MB).
    public static func timeLimit(forLength length: Int) -> Double { 0.5 + Double(length) / 1_000_000 }

    /// The extensions documents are read with.
    static let allExtensions = ["table", "strikethrough", "autolink", "tasklist"]

    /// Those of them whose cost follows the text's length on every input, for a document
    /// that reached a bound with all of them.
    static let linearExtensions = ["strikethrough", "tasklist"]

    /// The blocks of `bytes` read with `extensions`, or nil when the parser reached a
    /// bound.
    static func parse(_ bytes: [UInt8], extensions: [String], byteLimit: Int, seconds: Double) -> [MarkdownBlock]? {
        let names = extensions.compactMap { strdup($0) }
        defer { for name in names { free(name) } }
        let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            names.map { UnsafePointer<CChar>?(UnsafePointer($0)) }.withUnsafeBufferPointer { list in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    theolua_markdown_parse(
                        text.baseAddress, text.count, list.baseAddress, Int32(list.count), byteLimit, seconds)
                }
            }
        }
        guard let parsed, let document = theolua_markdown_document(parsed) else { return nil }
        defer { theolua_markdown_free(parsed) }
        return blocks(under: document, depth: 0)
    }

    /// How deep blocks (quotes in quotes, lists in lists) and inline looks nest before
    /// what is deeper is taken as plain text: a document cannot make the walk, or the
    /// elements drawn from it, as deep as it likes.
    public static let maximumDepth = 24

    private static func blocks(under parent: OpaquePointer, depth: Int) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            if let block = block(node, depth: depth) { result.append(block) }
            child = cmark_node_next(node)
        }
        return result
    }

    private static func block(_ node: OpaquePointer, depth: Int) -> MarkdownBlock? {
        guard depth < maximumDepth else {
            let text = plainText(of: node)
            return text.isEmpty ? nil : .paragraph([MarkdownRun(text: text)])
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(runs(under: node))
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), runs(under: node))
        case CMARK_NODE_CODE_BLOCK:
            return .code(language: string(cmark_node_get_fence_info(node)), text: string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_BLOCK:
            return .code(language: "", text: string(cmark_node_get_literal(node)))
        case CMARK_NODE_BLOCK_QUOTE:
            return .quote(blocks(under: node, depth: depth + 1))
        case CMARK_NODE_THEMATIC_BREAK:
            return .rule
        case CMARK_NODE_LIST:
            var items: [MarkdownListItem] = []
            var child = cmark_node_first_child(node)
            while let item = child {
                let isTask = string(cmark_node_get_type_string(item)) == "tasklist"
                items.append(
                    MarkdownListItem(
                        checked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                        blocks: blocks(under: item, depth: depth + 1)))
                child = cmark_node_next(item)
            }
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)), items: items)
        default:
            guard string(cmark_node_get_type_string(node)) == "table" else {
                // A block of an extension this walk does not know: its text, as a paragraph.
                let runs = runs(under: node)
                return runs.isEmpty ? nil : .paragraph(runs)
            }
            return table(node)
        }
    }

    private static func table(_ node: OpaquePointer) -> MarkdownBlock {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [MarkdownAlignment] = []
        if let bytes = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columns {
                switch bytes[column] {
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.left)
                }
            }
        }
        var header: [[MarkdownRun]] = []
        var rows: [[[MarkdownRun]]] = []
        var row = cmark_node_first_child(node)
        while let current = row {
            var cells: [[MarkdownRun]] = []
            var cell = cmark_node_first_child(current)
            while let currentCell = cell {
                cells.append(runs(under: currentCell))
                cell = cmark_node_next(currentCell)
            }
            if cmark_gfm_extensions_get_table_row_is_header(current) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
            row = cmark_node_next(current)
        }
        return .table(alignments: alignments, header: header, rows: rows)
    }

    /// The inline text under `node`, as runs of one look each.
    private static func runs(under node: OpaquePointer) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        appendRuns(under: node, look: MarkdownRun(text: ""), depth: 0, into: &result)
        return result
    }

    /// The text of everything under `node`, spaces for breaks, read without recursion.
    private static func plainText(of node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator), cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER
            else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE_BLOCK:
                text += string(cmark_node_get_literal(current))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if !text.isEmpty && !text.hasSuffix(" ") { text += " " }
            default:
                break
            }
        }
        return text
    }

    private static func appendRuns(
        under parent: OpaquePointer, look: MarkdownRun, depth: Int, into runs: inout [MarkdownRun]
    ) {
        guard depth < maximumDepth else {
            append(plainText(of: parent), look, to: &runs)
            return
        }
        var child = cmark_node_first_child(parent)
        while let node = child {
            var inner = look
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                append(string(cmark_node_get_literal(node)), look, to: &runs)
            case CMARK_NODE_CODE:
                inner.code = true
                append(string(cmark_node_get_literal(node)), inner, to: &runs)
            case CMARK_NODE_SOFTBREAK:
                append(" ", look, to: &runs)
            case CMARK_NODE_LINEBREAK:
                append("\n", look, to: &runs)
            case CMARK_NODE_EMPH:
                inner.italic = true
                appendRuns(under: node, look: inner, depth: depth + 1, into: &runs)
            case CMARK_NODE_STRONG:
                inner.bold = true
                appendRuns(under: node, look: inner, depth: depth + 1, into: &runs)
            case CMARK_NODE_LINK:
                inner.link = linkable(string(cmark_node_get_url(node)))
                appendRuns(under: node, look: inner, depth: depth + 1, into: &runs)
            case CMARK_NODE_IMAGE:
                // An image is its description, linked to its source.
                inner.link = linkable(string(cmark_node_get_url(node)))
                appendRuns(under: node, look: inner, depth: depth + 1, into: &runs)
            default:
                if string(cmark_node_get_type_string(node)) == "strikethrough" { inner.strike = true }
                appendRuns(under: node, look: inner, depth: depth + 1, into: &runs)
            }
            child = cmark_node_next(node)
        }
    }

    /// The schemes a document's links may have to be links: a document is often text
    /// from elsewhere (a fetched README), and a terminal hands a clicked URL to the
    /// system, which opens `file:`, `javascript:` or an application's own scheme as it
    /// does.
    public static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// `url` when its scheme is one of ``linkSchemes``; nil (the text is shown without a
    /// link) for any other and for a relative one.
    static func linkable(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        return linkSchemes.contains(url[..<colon].lowercased()) ? url : nil
    }

    /// Appends `text` in `look`, joining it to the last run when that has the same look.
    private static func append(_ text: String, _ look: MarkdownRun, to runs: inout [MarkdownRun]) {
        guard !text.isEmpty else { return }
        if var last = runs.last, last.hasLook(of: look) {
            last.text += text
            runs[runs.count - 1] = last
        } else {
            var run = look
            run.text = text
            runs.append(run)
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// A block of a document.
public indirect enum MarkdownBlock: Sendable, Equatable {
    case heading(level: Int, [MarkdownRun])
    case paragraph([MarkdownRun])
    /// A fenced or indented code block (or raw HTML, shown as it is written).
    case code(language: String, text: String)
    case quote([MarkdownBlock])
    case list(ordered: Bool, start: Int, items: [MarkdownListItem])
    case table(alignments: [MarkdownAlignment], header: [[MarkdownRun]], rows: [[[MarkdownRun]]])
    case rule
}

/// An item of a list: its blocks, and for a task, whether it is done.
public struct MarkdownListItem: Sendable, Equatable {
    public var checked: Bool?
    public var blocks: [MarkdownBlock]
}

/// How a table's column aligns its cells.
public enum MarkdownAlignment: Sendable, Equatable {
    case left, center, right
}

/// Text of one look.
public struct MarkdownRun: Sendable, Equatable {
    public var text: String
    public var bold = false
    public var italic = false
    public var code = false
    public var strike = false
    public var link: String?

    public init(text: String) { self.text = text }

    func hasLook(of other: MarkdownRun) -> Bool {
        bold == other.bold && italic == other.italic && code == other.code && strike == other.strike
            && link == other.link
    }
}
