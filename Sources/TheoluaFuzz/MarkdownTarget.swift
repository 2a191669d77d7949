import TheoluaMarkdown
import TheoluaRuntime

/// A Markdown document (a note a user opens): cmark-gfm parses it, the walk keeps its
/// blocks within the nesting bound, and `ui.markdown` draws it at 40x10 without an
/// error, through its first and last screens.
enum MarkdownTarget {
    static func run(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let blocks = Markdown.parse(text)
        let deepest = blocks.map(depth).max() ?? 0
        if deepest > Markdown.maximumDepth + 1 {
            return "blocks nest \(deepest) deep, past the bound of \(Markdown.maximumDepth)"
        }
        guard let runtime = try? Runtime(width: 40, height: 10) else { return nil }
        runtime.mount(.markdown(text, ["grow": 1]))
        for keys in ["", "end", "pagedown home"] {
            if !keys.isEmpty { try? runtime.send(keys: keys) }
            let lines = runtime.lines
            if lines.count != 10 { return "the screen has \(lines.count) rows, not 10" }
            let errors = runtime.takeErrors()
            if !errors.isEmpty { return "drawing it failed: \(errors.joined(separator: "; "))" }
        }
        return nil
    }

    /// How deep blocks nest in `block`, itself counting one.
    private static func depth(_ block: MarkdownBlock) -> Int {
        switch block {
        case .quote(let blocks): 1 + (blocks.map(depth).max() ?? 0)
        case .list(_, _, let items): 1 + (items.flatMap(\.blocks).map(depth).max() ?? 0)
        default: 1
        }
    }
}
