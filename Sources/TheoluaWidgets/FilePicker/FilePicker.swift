#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import TheoluaCore

/// `ui.filePicker`: the folders and files under `root` as a ``TreeDefinition``, read
/// through the app's read grant (what `ui.listDir` may read, and nothing else), for
/// "open file" dialogs. Folders come first; a folder's entries are read when it is first
/// expanded, and again when it is expanded after a collapse. `filter` keeps the files
/// whose names match one of its patterns (`*.md`), or for which a function returns
/// true; names starting with a dot are left out unless `hidden`. `enter` or a click on
/// the selected row picks a file (`onPick(path)`) and opens or closes a folder.
///
/// The widget kit touches no file: the runtime provides a way to list a folder through
/// the ``FilePicker/files`` context, and a host without one shows an error.
struct FilePicker: Component {
    var root: String
    var patterns: [String]
    var filter: Handler?
    var hidden: Bool
    var onPick: Handler?
    var onSelect: Handler?
    /// The box props passed on to the tree (sizes, `grow`, `border`, `id`, `autoFocus`, …).
    var box: Record

    static let name = "filePicker"

    /// Where a host offers folder listings: a record whose `list` handler takes a path and
    /// returns its entries (`{ name, kind }` records, by name), or throws why it cannot.
    /// The runtime provides it above the root, reading through the read grant.
    static let files = ContextKey(.null, name: "ui.files")

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        var picker = FilePicker(
            root: ".", patterns: [], filter: nil, hidden: false, onPick: nil, onSelect: nil, box: Record())
        var box: [Record.Entry] = []
        for entry in props.entries {
            switch entry.key {
            case "root": picker.root = entry.value.stringValue ?? "."
            case "filter":
                if let handler = entry.value.handlerValue {
                    picker.filter = handler
                } else if let text = entry.value.stringValue {
                    picker.patterns = [text]
                } else {
                    picker.patterns = entry.value.arrayValue?.values.compactMap(\.stringValue) ?? []
                }
            case "hidden": picker.hidden = entry.value.boolValue ?? false
            case "onPick": picker.onPick = entry.value.handlerValue
            case "onSelect": picker.onSelect = entry.value.handlerValue
            default: box.append(entry)
            }
        }
        picker.box = Record(uniqueEntries: box)
        return picker.element(key: key)
    }

    func render(_ context: ComponentContext<FilePicker>) -> [Element] {
        let lister = Lister(
            list: context.use(Self.files)["list"]?.handlerValue, patterns: patterns, filter: filter, hidden: hidden)
        let top: [Value]
        do {
            top = try lister.nodes(in: root)
        } catch {
            let theme = Theme.colors(for: context)
            return [.text("\(error)", ["color": theme["bad"] ?? .null, "wrap": "char"])]
        }
        var props = TreeProps(
            nodes: top, loader: .closure(TreeLoader.Closure { node in try lister.nodes(in: node["path"]?.stringValue ?? "") }),
            onActivate: context.handler("pick"), style: box)
        props.togglesBranchesOnEnter = true
        if onSelect != nil { props.onSelect = context.handler("select") }
        return [.component(TreeDefinition(), props: props)]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<FilePicker>) -> Bool {
        guard let path = arguments.first?["path"]?.stringValue else { return false }
        switch action {
        case "pick":
            if let onPick { context.call(onPick, [.string(path)]) }
        case "select":
            if let onSelect { context.call(onSelect, [.string(path)]) }
        default:
            return false
        }
        return true
    }

    /// Reads folders into tree nodes: `{ id = path, path, label, name, kind, branch }`.
    struct Lister: Sendable {
        let list: Handler?
        let patterns: [String]
        let filter: Handler?
        let hidden: Bool

        func nodes(in folder: String) throws -> [Value] {
            guard let list, case .function(let box) = list.target else {
                throw WidgetError(message: "ui.filePicker: this host offers no files to pick from")
            }
            let entries = try box.function.call([.string(folder)]).arrayValue?.values.compactMap(\.recordValue) ?? []
            var folders: [Value] = []
            var files: [Value] = []
            for entry in entries {
                guard let name = entry["name"]?.stringValue, hidden || !name.hasPrefix(".") else { continue }
                let kind = entry["kind"]?.stringValue ?? "file"
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                let isFolder = kind == "directory"
                if !isFolder, try !keeps(name: name, path: path, entry: entry) { continue }
                let node: Value = [
                    "id": .string(path), "path": .string(path), "name": .string(name),
                    "label": .string(isFolder ? name + "/" : name), "kind": .string(kind), "branch": .bool(isFolder),
                ]
                if isFolder { folders.append(node) } else { files.append(node) }
            }
            return folders + files
        }

        /// Whether a file passes the filter.
        private func keeps(name: String, path: String, entry: Record) throws -> Bool {
            if let filter, case .function(let box) = filter.target {
                return try box.function.call([.string(path), .record(entry)]).boolValue ?? false
            }
            return patterns.isEmpty || patterns.contains { fnmatch($0, name, 0) == 0 }
        }
    }
}

extension FilePicker {
    /// `ui.filePicker`.
    static let spec = WidgetSpec(
        name: "filePicker",
        summary: "The folders and files under root, read through the read grant, as a tree; onPick(path) on a file.",
        props: RecordSchema(
            fields: Fields.boxLayout + [
                Fields.defaulted("root", .string, "."),
                Fields.optional("filter", .oneOf([.string, .array(of: .string), .function])),
                Fields.optional("hidden", .boolean), Fields.optional("onPick", .function),
                Fields.optional("onSelect", .function),
            ]),
        bindings: ListWidget.bindings + TreeDefinition.keyBindings,
        docs: [
            "root": "The folder shown (relative to the working folder; default \".\").",
            "filter": FieldDoc(
                "The files shown: a name pattern (\"*.md\"), a list of them, or a function of the path and its entry.",
                type: "string|string[]|fun(path: string, entry: { name: string, kind: string, size: integer, modified: number }): boolean"),
            "hidden": "Show names that start with a dot.",
            "onPick": FieldDoc("Called with a file's path on enter or a click on it.", type: "fun(path: string)"),
            "onSelect": FieldDoc("Called with the path the selection moves to.", type: "fun(path: string)"),
        ],
        make: .element { props, key in FilePicker.element(props: props, key: key) })
}

extension Element {
    /// The folders and files under `root`, read through the runtime's read grant
    /// (`ui.filePicker`): `patterns` keep the files whose names match one (`*.md`), and
    /// `onPick` hears a file's path. `props` are the tree's box props.
    public static func filePicker(
        root: String = ".", patterns: [String] = [], hidden: Bool = false, onPick: Handler? = nil,
        onSelect: Handler? = nil, _ props: Record = Record(), key: Key? = nil
    ) -> Element {
        FilePicker(
            root: root, patterns: patterns, filter: nil, hidden: hidden, onPick: onPick, onSelect: onSelect, box: props
        ).element(key: key)
    }
}
