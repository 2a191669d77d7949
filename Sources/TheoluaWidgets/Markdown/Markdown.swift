import TheoluaCore
import TheoluaMarkdown

/// `ui.markdown { "# Title\n..." }`: a CommonMark document with GitHub's tables,
/// strikethrough, autolinks and task lists, read by cmark-gfm (``TheoluaMarkdown``) and
/// drawn as elements in a scroll: headings, emphasis, lists, code blocks, quotes, tables,
/// rules, and links as hyperlinks (OSC 8), wrapped to the width. The colors are the
/// theme's.
///
/// The document is parsed and made into elements when its text changes, and the scroll
/// realizes only the blocks in view, so a long document scrolls at one screen's cost.
struct MarkdownView: Component {
    var text: String
    /// The scroll's props passed on (sizes, `grow`, `border`, `id`, `autoFocus`, …).
    var box: Record

    static let name = "markdown"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        MarkdownView(
            text: props["text"]?.stringValue ?? "", box: props.filter { $0 != "text" }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<MarkdownView>) -> [Element] {
        let style = Style(theme: Theme.colors(for: context))
        let blocks = Markdown.parse(text)
        return [.host("scroll", props: box, children: style.elements(of: blocks, depth: 0))]
    }

    /// How the blocks look, from the theme.
    struct Style {
        let theme: Record
        var accent: Value { theme["accent"] ?? .null }
        var muted: Value { theme["muted"] ?? .null }

        /// The blocks as elements, a blank line between each and the next.
        func elements(of blocks: [MarkdownBlock], depth: Int, spaced: Bool = true) -> [Element] {
            var made: [Element] = []
            made.reserveCapacity(blocks.count)
            for (index, block) in blocks.enumerated() {
                var element = self.element(of: block, depth: depth)
                if spaced && index < blocks.count - 1 { element = element.settingProp("margin", to: [0, 0, 1, 0]) }
                made.append(element)
            }
            return made
        }

        func element(of block: MarkdownBlock, depth: Int) -> Element {
            switch block {
            case .heading(let level, let runs):
                var look: Record = ["bold": true]
                if level <= 2 { look["color"] = accent }
                if level == 1 { look["underline"] = true }
                return text(runs, look)
            case .paragraph(let runs):
                return text(runs, [:])
            case .code(let language, var code):
                if code.hasSuffix("\n") { code.removeLast() }
                var props: Record = ["border": "round", "borderColor": muted, "padding": [1, 0]]
                if !language.isEmpty { props["title"] = .string(language) }
                return .column(props, children: [.text(code, ["wrap": "none"])])
            case .quote(let blocks):
                return .row(
                    [:],
                    children: [
                        .column(["width": 1, "shrink": 0, "bg": muted], children: []),
                        .column(["grow": 1, "shrink": 1, "margin": [0, 0, 0, 1]], children: elements(of: blocks, depth: depth)),
                    ])
            case .list(let ordered, let start, let items):
                return list(ordered: ordered, start: start, items: items, depth: depth)
            case .table(let alignments, let header, let rows):
                return table(alignments: alignments, header: header, rows: rows)
            case .rule:
                return .text(String(repeating: "─", count: 512), ["wrap": "none", "color": muted])
            }
        }

        /// A paragraph of runs, each keeping its look over `look`.
        func text(_ runs: [MarkdownRun], _ look: Record) -> Element {
            var props = look
            props["text"] = .string(runs.map(\.text).joined())
            if runs.contains(where: { $0.bold || $0.italic || $0.code || $0.strike || $0.link != nil }) {
                props["runs"] = .array(ValueArray(runs.map(run)))
            }
            return .host("text", props: props)
        }

        private func run(_ run: MarkdownRun) -> Value {
            var record: Record = ["text": .string(run.text)]
            if run.bold { record["bold"] = true }
            if run.italic { record["italic"] = true }
            if run.strike { record["strike"] = true }
            if run.code { record["color"] = accent }
            if let link = run.link {
                record["link"] = .string(link)
                record["underline"] = true
                record["color"] = accent
            }
            return .record(record)
        }

        private func list(ordered: Bool, start: Int, items: [MarkdownListItem], depth: Int) -> Element {
            let bullets = ["•", "◦", "▪"]
            let markers = items.indices.map { index -> String in
                if let checked = items[index].checked { return checked ? "☑" : "☐" }
                return ordered ? "\(start + index)." : bullets[depth % bullets.count]
            }
            let width = (markers.map(\.count).max() ?? 1) + 1
            return .column(
                [:],
                children: items.indices.map { index in
                    .row(
                        [:],
                        children: [
                            .text(markers[index], ["width": .int(width), "shrink": 0, "color": muted, "wrap": "none"]),
                            .column(
                                ["grow": 1, "shrink": 1],
                                children: elements(of: items[index].blocks, depth: depth + 1, spaced: false)),
                        ])
                })
        }

        private func table(alignments: [MarkdownAlignment], header: [[MarkdownRun]], rows: [[[MarkdownRun]]]) -> Element {
            let columns = max(header.count, rows.map(\.count).max() ?? 0)
            guard columns > 0 else { return .empty }
            // Each column as wide as its widest cell, up to 40.
            var widths = [Int](repeating: 1, count: columns)
            for row in [header] + rows {
                for (column, cell) in row.enumerated() where column < columns {
                    widths[column] = min(40, max(widths[column], cell.map(\.text).joined().count))
                }
            }
            func line(_ cells: [[MarkdownRun]], bold: Bool) -> Element {
                var parts: [Element] = []
                for column in 0..<columns {
                    if column > 0 { parts.append(.text(" │ ", ["color": muted, "wrap": "none", "shrink": 0])) }
                    let align: Value =
                        switch column < alignments.count ? alignments[column] : .left {
                        case .left: "left"
                        case .center: "center"
                        case .right: "right"
                        }
                    var look: Record = ["width": .int(widths[column]), "wrap": "ellipsis", "align": align, "shrink": 1]
                    if bold { look["bold"] = true }
                    parts.append(text(column < cells.count ? cells[column] : [], look))
                }
                return .row([:], children: parts)
            }
            let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
            var lines: [Element] = []
            if !header.isEmpty {
                lines.append(line(header, bold: true))
                lines.append(.text(rule, ["color": muted, "wrap": "none"]))
            }
            lines.append(contentsOf: rows.map { line($0, bold: false) })
            return .column([:], children: lines)
        }
    }
}

extension Element {
    /// The element with `key` set to `value` among its props (a host element's).
    func settingProp(_ key: String, to value: Value) -> Element {
        guard isHost else { return .column([key: value], children: [self]) }
        return .host(typeName, props: hostProps.setting(key, to: value), children: children, key: self.key)
    }
}

extension MarkdownView {
    /// `ui.markdown`.
    static let spec = WidgetSpec(
        name: "markdown",
        summary: "A CommonMark document with GitHub tables, read by cmark-gfm, drawn wrapped to the width in a scroll.",
        props: RecordSchema(fields: Fields.boxLayout + BoxWidget.scrollFields),
        content: .text,
        bindings: BoxWidget.scrollBindings,
        constructor: .primitive,
        docs: BoxWidget.scrollDocs.merging(["[integer]": FieldDoc("The document: Markdown text.", type: "string")]) {
            $1
        },
        make: .element { props, key in MarkdownView.element(props: props, key: key) })
}

extension Element {
    /// A Markdown document drawn in a scroll (`ui.markdown`); `props` are the scroll's
    /// (sizing, `grow`, `border`, `scrollbar`, focus).
    public static func markdown(_ text: String, _ props: Record = Record(), key: Key? = nil) -> Element {
        MarkdownView(text: text, box: props).element(key: key)
    }
}
