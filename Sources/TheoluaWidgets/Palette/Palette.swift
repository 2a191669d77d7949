import TheoluaCanvas
import TheoluaCore

/// `ui.palette { commands = { { name = "Save", run = fn, key = "ctrl+s" }, ... }, ... }`:
/// a box around the app's content where ctrl+p opens a command palette: a modal layer
/// with a field that filters the commands by fuzzy matching (the characters typed, in
/// order, anywhere in the name), best matches first with the matched characters
/// highlighted; up and down move, enter or a click runs the command (`run()`), esc
/// closes.
struct Palette: Component {
    struct Command: Equatable, Sendable {
        var name: String
        var run: Handler?
        var key: String?
        var help: String?
    }

    var commands: [Command]
    var children: [Element]
    /// The box props passed on (`width`, `grow`, `shrink`, `id`, …).
    var box: Record

    static let name = "palette"

    struct State: Equatable, Sendable {
        var open = false
        var query = ""
        var highlighted = 0
    }

    static func initialState(_ props: Palette) -> State { State() }

    /// The most matches listed at once.
    static let shownMatches = 10

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        let commands = (props["commands"]?.arrayValue?.values ?? []).compactMap { item -> Command? in
            guard let record = item.recordValue, let name = record["name"]?.stringValue else { return nil }
            return Command(
                name: name, run: record["run"]?.handlerValue, key: record["key"]?.stringValue,
                help: record["help"]?.stringValue)
        }
        return Palette(
            commands: commands, children: props["children"]?.arrayValue?.values.compactMap(\.elementValue) ?? [],
            box: props.filter { !["commands", "children"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Palette>) -> [Element] {
        let outer = box.setting("direction", to: box["direction"] ?? "column")
            .setting("onKey", to: .handler(context.handler("key")))
            .setting("keys", to: KeyBinding.declaration(of: Self.spec.bindings))
        var children = self.children
        if context.state.open { children.append(palette(context)) }
        return [.box(outer, children: children)]
    }

    /// The open palette: the field, then the matches.
    private func palette(_ context: ComponentContext<Palette>) -> Element {
        let theme = Theme.colors(for: context)
        let state = context.state
        let matches = Self.matches(of: state.query, in: commands).prefix(Self.shownMatches)
        var rows: [Element] = matches.enumerated().map { row, match in
            let command = commands[match.index]
            var runs = Self.runs(of: command.name, marking: match.positions, accent: theme["accent"] ?? .null)
            if let help = command.help { runs.append(["text": .string("  " + help), "color": theme["muted"] ?? .null]) }
            var items: [Element] = [
                .text(
                    command.name + (command.help.map { "  " + $0 } ?? ""),
                    [
                        "runs": .array(ValueArray(runs.map(Value.record))), "grow": 1, "wrap": "ellipsis",
                        "color": theme["text"] ?? .null,
                    ])
            ]
            if let key = command.key { items.append(.text(key, ["color": theme["muted"] ?? .null, "wrap": "none"])) }
            return .row(
                [
                    "gap": 2, "bg": row == state.highlighted ? theme["selected"] ?? .null : .null,
                    "onClick": .handler(context.handler("pick", .int(match.index))),
                ], children: items)
        }
        if rows.isEmpty { rows = [.text("no command matches", ["color": theme["muted"] ?? .null])] }
        let field: Element = .input([
            "value": .string(state.query), "onChange": .handler(context.handler("query")),
            "onSubmit": .handler(context.handler("run")), "autoFocus": true, "placeholder": "Type a command",
        ])
        return .layer(
            [
                "modal": true, "border": "round", "borderColor": theme["border"] ?? .null, "title": "Commands",
                // Near the top, as wide as most of the screen: it stays put as matches come and go.
                "x": "20%", "y": 1, "width": "60%", "padding": [1, 0], "onClose": .handler(context.handler("close")),
                "onKey": .handler(context.handler("listKey")), "keys": KeyBinding.declaration(of: Self.listBindings),
            ], children: [field, .column(["shrink": 1, "minHeight": 0], children: rows)])
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Palette>)
        -> Value?
    {
        switch action {
        case "key":
            guard KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) == "open" else {
                return .bool(false)
            }
            context.updateState(State(open: true))
        case "close":
            context.updateState(State())
        case "query":
            let query = arguments.first?.stringValue ?? ""
            context.mutateState {
                $0.query = query
                $0.highlighted = 0
            }
        case "listKey":
            let count = min(Self.shownMatches, Self.matches(of: context.state.query, in: commands).count)
            switch KeyBinding.action(forEvent: arguments.first, in: Self.listBindings) {
            case "previous": context.mutateState { $0.highlighted = max(0, $0.highlighted - 1) }
            case "next": context.mutateState { $0.highlighted = min(max(0, count - 1), $0.highlighted + 1) }
            default: return .bool(false)
            }
        case "run":
            let matches = Self.matches(of: context.state.query, in: commands)
            guard matches.indices.contains(context.state.highlighted) else { return .bool(true) }
            run(matches[context.state.highlighted].index, context)
        case "pick":
            run(arguments.first?.intValue ?? -1, context)
        default:
            return nil
        }
        return .bool(true)
    }

    /// Closes the palette and runs command `index`.
    private func run(_ index: Int, _ context: ComponentContext<Palette>) {
        context.updateState(State())
        guard commands.indices.contains(index), let run = commands[index].run else { return }
        context.call(run, [])
    }

    /// The keys the open palette answers besides typing (enter runs, esc closes).
    static let listBindings: [KeyBinding] = [
        KeyBinding(["up"], action: "previous", label: "move", display: "↑↓"),
        KeyBinding(["down"], action: "next", label: "move", shown: false),
        KeyBinding(["enter"], label: "run"),
        KeyBinding(["esc"], label: "close"),
    ]

    // MARK: Matching

    /// A command matching the query: its place in `commands`, how well it matches, and
    /// the characters of its name the query's characters matched.
    struct Match: Equatable {
        var index: Int
        var score: Int
        var positions: [Int]
    }

    /// The commands whose names hold the query's characters in order (case aside), the
    /// best first: matches at the start of words and in runs count most, then earlier
    /// ones; equal ones keep their order. An empty query matches every command.
    static func matches(of query: String, in commands: [Command]) -> [Match] {
        let wanted = Array(query.lowercased().filter { !$0.isWhitespace })
        var found: [Match] = []
        for (index, command) in commands.enumerated() {
            if let (score, positions) = match(wanted, in: command.name) {
                found.append(Match(index: index, score: score, positions: positions))
            }
        }
        return found.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// How well `wanted` matches `name`, and where: each character matched at its first
    /// place after the last, preferring the start of a word (and, when that leaves a
    /// later character nowhere to go, at its first place); nil when one is missing.
    static func match(_ wanted: [Character], in name: String) -> (score: Int, positions: [Int])? {
        match(wanted, in: name, preferringWordStarts: true) ?? match(wanted, in: name, preferringWordStarts: false)
    }

    private static func match(_ wanted: [Character], in name: String, preferringWordStarts: Bool)
        -> (score: Int, positions: [Int])?
    {
        guard !wanted.isEmpty else { return (0, []) }
        let characters = Array(name.lowercased())
        guard characters.count == name.count else { return nil }
        let original = Array(name)
        func startsWord(_ position: Int) -> Bool {
            position == 0 || !original[position - 1].isLetter && !original[position - 1].isNumber
                || (original[position].isUppercase && original[position - 1].isLowercase)
        }
        var positions: [Int] = []
        var score = 0
        var from = 0
        for character in wanted {
            // The next place it is at the start of a word, or else the next place at all.
            let places = (from..<characters.count).filter { characters[$0] == character }
            guard let first = places.first else { return nil }
            let continuesRun = positions.last.map { $0 + 1 } == first
            let place = continuesRun || !preferringWordStarts ? first : places.first(where: startsWord) ?? first
            score += 1
            if let last = positions.last, last + 1 == place { score += 5 }
            if startsWord(place) { score += 8 }
            positions.append(place)
            from = place + 1
        }
        score -= positions.first ?? 0
        return (score, positions)
    }

    /// `name` as runs: the matched characters bold in `accent`, the rest plain.
    static func runs(of name: String, marking positions: [Int], accent: Value) -> [Record] {
        let marked = Set(positions)
        var runs: [Record] = []
        var current = ""
        var currentMarked = false
        for (position, character) in name.enumerated() {
            let isMarked = marked.contains(position)
            if isMarked != currentMarked, !current.isEmpty {
                runs.append(currentMarked ? ["text": .string(current), "bold": true, "color": accent] : ["text": .string(current)])
                current = ""
            }
            currentMarked = isMarked
            current.append(character)
        }
        if !current.isEmpty {
            runs.append(currentMarked ? ["text": .string(current), "bold": true, "color": accent] : ["text": .string(current)])
        }
        return runs
    }
}

extension Palette {
    /// `ui.palette`.
    static let spec = WidgetSpec(
        name: "palette",
        summary: "A box around the app where ctrl+p opens a command palette that finds commands by fuzzy matching.",
        props: Fields.schema(
            [
                Fields.required(
                    "commands",
                    .array(
                        of: .record(
                            RecordSchema(fields: [
                                Fields.required("name", .string), Fields.optional("run", .function),
                                Fields.optional("key", .string), Fields.optional("help", .string),
                            ])))),
                Fields.optional("children", .elements), Fields.optional("id", .string),
                Fields.optional("direction", Fields.direction),
            ] + Fields.sizing + Fields.flex),
        content: .children,
        bindings: [KeyBinding(["ctrl+p"], action: "open", label: "commands")],
        docs: [
            "commands": FieldDoc(
                "What the palette finds: a name, the function it runs, and a key and a few words shown beside it.",
                type: "{ name: string, run?: fun(), key?: string, help?: string }[]"),
            "direction": "How its children stand; default \"column\".",
        ],
        make: .element { props, key in Palette.element(props: props, key: key) })
}
