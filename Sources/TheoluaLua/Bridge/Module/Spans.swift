import CLua
import CLuaSupport
import TheoluaCore

/// `ui.span`: a styled run of a paragraph. A span is not an element: `ui.span` (a C
/// function) checks its table and marks it, and the `ui.text` holding it reads its
/// strings and look once, straight into the text's runs: in C where it can
/// (`theolua_read_text`), else here, which also says what is wrong. A log line of a few
/// spans so costs a few Lua tables, not a few elements made, validated, collected and
/// flattened.
///
/// The runs a text gets are a stream (see `TextContent`): lengths of the text, each a
/// run of the look the last record set, so that runs of one look share one record.
///
/// A span met anywhere an element goes (a child, the app's root, an element prop) is a
/// text of its own look.
extension LuaBridge {
    /// How deep spans may nest in one text.
    static let maximumSpanDepth = 64

    /// Binds `ui.span` (`constructor`) and leaves its function on the stack: `[]` → `[f]`.
    func pushSpanConstructor(_ constructor: RegisteredConstructor) {
        if values.span == nil {
            lua_createtable(L, 0, 2)
            state.push("theolua.span")
            state.setRawField(-2, "__name")
            // getmetatable answers this, and setmetatable on a span is refused.
            state.push("theolua.span")
            state.setRawField(-2, "__metatable")
            let metatable = lua_topointer(L, -1)
            setRegistryTable(.spanMetatable)
            // The look fields as C checks them, in a userdata the registry keeps.
            let schema = lua_newuserdatauv(L, MemoryLayout<theolua_span_schema>.size, 0)
                .bindMemory(to: theolua_span_schema.self, capacity: 1)
            schema.initialize(to: theolua_span_schema())
            for (position, field) in constructor.schema.record.fields.enumerated() {
                let kind: Int32
                switch field.type {
                case .boolean: kind = Int32(THEOLUA_LOOK_BOOLEAN)
                case .color: kind = Int32(THEOLUA_LOOK_COLOR)
                case .string: kind = Int32(THEOLUA_LOOK_STRING)
                default: kind = Int32(THEOLUA_LOOK_OTHER)
                }
                theolua_span_schema_set_field(schema, Int32(position), internedName(field.name), kind)
            }
            schema.pointee.key_name = values.keyString
            for name in ColorNames.all { theolua_span_schema_add_color(schema, internedName(name)) }
            setRegistryTable(.spanSchema)
            let reader = theolua_text_reader_new()
            reader?.pointee.schema = UnsafePointer(schema)
            reader?.pointee.span_metatable = metatable
            reader?.pointee.run_limit = Int32(Self.runLimit)
            values.span = SpanBinding(
                schema: constructor.schema, kind: constructor.kind ?? "text", metatable: metatable, reader: reader)
        }
        registryTable(.spanMetatable)
        registryTable(.spanSchema)
        theolua_pushfunction(L, LuaBridge.spanCheck, 0)
        theolua_push_span_constructor(L)
    }

    /// What `ui.span` calls with a table its C code is not sure of: reads it here, and
    /// raises what is wrong, at the line that called `ui.span`.
    static let spanCheck: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            try bridge.checkSpan(at: 1)
            return 0
        }
    }

    private func checkSpan(at index: Int32) throws {
        var context = ConversionContext()
        var look: [Record.Entry] = []
        do throws(Mismatch) {
            let table = try spanTable(at: index, look: &look, from: 0, &context)
            for position in 1...max(table.itemCount, 1) where position <= table.itemCount {
                lua_rawgeti(L, index, lua_Integer(position))
                defer { state.pop() }
                switch lua_type(L, -1) {
                case LUA_TSTRING, LUA_TNUMBER, LUA_TNIL: continue
                case LUA_TBOOLEAN where lua_toboolean(L, -1) == 0: continue
                case LUA_TTABLE where isSpan(at: -1): continue
                case LUA_TUSERDATA where textElement(at: -1) != nil: continue
                default: throw Self.itemMismatch(position, found: found(at: -1))
                }
            }
        } catch {
            let raise = raise(textItemsMessage(error, subject: "ui.span"))
            diagnostics.lastValidationMessage = raise.message
            throw raise
        }
    }

    private static func itemMismatch(_ position: Int, found: String) -> Mismatch {
        var mismatch = Mismatch(path: "", expected: "a string or a ui.span", found: found)
        mismatch.customMessage = "item \(position) must be a string or a ui.span, got \(found)"
        return mismatch
    }

    /// Whether texts are read in C where C can; off, every text is read in Swift (the
    /// reading C must agree with, which tests compare it to).
    package var readsTextsInC: Bool {
        get { values.readsTextsInC }
        set { values.readsTextsInC = newValue }
    }

    /// The text and runs of items 1…`count` of the table at `table`, read in C; nil
    /// where C was not sure (the caller reads them here).
    func readTextInC(at table: Int32, count: Int) -> (text: String, runs: [Value]?)? {
        guard values.readsTextsInC, let span = values.span, let reader = span.reader,
            theolua_read_text(L, reader, table, lua_Integer(count)) != 0
        else { return nil }
        let pieces = Int(reader.pointee.piece_count)
        let bytes = UnsafeBufferPointer(start: reader.pointee.bytes, count: Int(reader.pointee.length))
        // ASCII is UTF-8 as it is: the string is made on the standard library's fast
        // path, not through its generic validation.
        let ascii = theolua_is_ascii(bytes.baseAddress, bytes.count) != 0
        guard let text = ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        else { return nil }
        guard reader.pointee.styled != 0, let ends = reader.pointee.ends, let looks = reader.pointee.looks else {
            return (text, nil)
        }
        var runs: [Value] = []
        runs.reserveCapacity(pieces * 2)
        var current: Int32 = -1
        var start = 0
        for piece in 0..<pieces {
            let end = Int(ends[piece])
            let look = looks[piece]
            if look != current {
                runs.append(.record(span.record(forLook: look)))
                current = look
            } else if case .int(let length) = runs.last {
                // A run of the same look as the one before (after a span of no look of
                // its own) lengthens it.
                runs[runs.count - 1] = .int(length + end - start)
                start = end
                continue
            }
            runs.append(.int(end - start))
            start = end
        }
        return (text, runs)
    }

    /// Whether the value at `index` is a table `ui.span` made.
    func isSpan(at index: Int32) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE, let marker = values.span?.metatable, lua_getmetatable(L, index) != 0
        else { return false }
        defer { state.pop() }
        return lua_topointer(L, -1) == marker
    }

    /// The text element at `index`, if it is one (`ui.text` within `ui.text`).
    private func textElement(at index: Int32) -> Element? {
        guard let element = element(at: index), element.isHost, element.typeName == values.span?.kind else {
            return nil
        }
        return element
    }

    /// Reads the named fields of the span table at `index` into `look`, over what
    /// encloses it (the entries `look` holds from `start` on): the span's key and item
    /// count. Only a look's fields and `key` are read here; anything else, or a value of
    /// the wrong type, is left to the props validator, for its message.
    private func spanTable(
        at index: Int32, look: inout [Record.Entry], from start: Int, _ context: inout ConversionContext
    ) throws(Mismatch) -> ElementTable {
        guard let span = values.span else { return ElementTable() }
        let table = state.absolute(index)
        let enclosing = start..<look.count
        var result = ElementTable()
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TNUMBER && lua_isinteger(L, -2) != 0 {
                let position = lua_tointegerx(L, -2, nil)
                if position >= 1 { result.itemCount = max(result.itemCount, Int(clamping: position)) }
                state.pop()
                continue
            }
            var length = 0
            guard lua_type(L, -2) == LUA_TSTRING, let address = lua_tolstring(L, -2, &length) else {
                state.pop()
                continue
            }
            let entry: Record.Entry
            if let position = span.schema.position(ofKey: address, length: length) {
                let field = span.schema.record.fields[position]
                if case .boolean = field.type, lua_type(L, -1) == LUA_TBOOLEAN {
                    entry = Record.Entry(key: field.name, value: .bool(lua_toboolean(L, -1) != 0))
                } else if let value = try? value(at: -1, as: field.type, &context) {
                    entry = Record.Entry(key: field.name, value: value)
                } else {
                    state.pop(2)
                    return try spanMistake(at: table, &context)
                }
            } else if address == values.keyString, lua_type(L, -1) == LUA_TSTRING || lua_isinteger(L, -1) != 0 {
                result.key =
                    lua_type(L, -1) == LUA_TSTRING
                    ? .string(state.string(at: -1) ?? "") : .int(Int(lua_tointegerx(L, -1, nil)))
                state.pop()
                continue
            } else {
                state.pop(2)
                return try spanMistake(at: table, &context)
            }
            state.pop()
            if !enclosing.isEmpty, let position = look[enclosing].firstIndex(where: { $0.key == entry.key }) {
                look[position] = entry
            } else {
                look.append(entry)
            }
        }
        return result
    }

    /// The mistake in the span table at `table`, as the props validator words it.
    private func spanMistake(at table: Int32, _ context: inout ConversionContext) throws(Mismatch) -> ElementTable {
        var fields: [Record.Entry] = []
        do {
            _ = try elementTable(at: table, schema: values.span?.schema, into: &fields, &context)
        } catch {
            throw SpanMistake.mismatch(error.message(subject: "prop"))
        }
        throw SpanMistake.mismatch("props the validator accepts and the reader does not")
    }

    /// Appends the items 1…`count` of the table at `table` to `content`, each string of
    /// the look `content.looks[look]`: strings and numbers, spans over that look, text
    /// elements. `ui.text`'s items and a span's alike.
    func appendTextItems(
        of table: Int32, count: Int, look: Range<Int>, to content: inout TextContent,
        _ context: inout ConversionContext
    ) throws(Mismatch) {
        for position in 1...max(count, 1) where position <= count {
            lua_rawgeti(L, table, lua_Integer(position))
            defer { state.pop() }
            switch lua_type(L, -1) {
            case LUA_TSTRING:
                _ = state.appendBytes(at: -1, to: &content.bytes)
            case LUA_TNUMBER:
                content.bytes.append(contentsOf: state.describe(-1).utf8)
            case LUA_TNIL:
                continue
            case LUA_TBOOLEAN where lua_toboolean(L, -1) == 0:
                continue
            case LUA_TTABLE where isSpan(at: -1):
                content.endPiece(look: look, &values.recentLooks)
                try appendSpan(at: -1, over: look, to: &content, &context)
            case LUA_TUSERDATA where textElement(at: -1) != nil:
                guard let element = textElement(at: -1) else { continue }
                content.endPiece(look: look, &values.recentLooks)
                content.appendRuns(of: element.hostProps, over: Array(content.looks[look]), &values.recentLooks)
            default:
                var mismatch = Mismatch(path: "", expected: "a string or a ui.span", found: found(at: -1))
                mismatch.customMessage = "item \(position) must be a string or a ui.span, got \(found(at: -1))"
                throw mismatch
            }
            guard content.runCount <= Self.runLimit else {
                var mismatch = Mismatch(path: "", expected: "at most \(Self.runLimit) styled runs", found: "more")
                mismatch.customMessage = "more than \(Self.runLimit) styled runs in one text"
                mismatch.endsConversion = true
                throw mismatch
            }
        }
        content.endPiece(look: look, &values.recentLooks)
    }

    /// Appends the runs of the span at `index`, its look over `content.looks[enclosing]`.
    private func appendSpan(
        at index: Int32, over enclosing: Range<Int>, to content: inout TextContent,
        _ context: inout ConversionContext
    ) throws(Mismatch) {
        let table = state.absolute(index)
        do {
            try enter(table, &context)
        } catch {
            throw SpanMistake.mismatch(error.message(subject: "prop"))
        }
        defer { context.leave() }
        guard context.depth <= Self.maximumSpanDepth else {
            throw SpanMistake.mismatch("spans nested deeper than \(Self.maximumSpanDepth)")
        }
        // The span's look is the enclosing one, copied to the top of the stack of looks,
        // with its own fields set over it; it is taken off when the span is read.
        let start = content.looks.count
        content.looks.append(contentsOf: content.looks[enclosing])
        defer { content.looks.removeSubrange(start...) }
        let items = try spanTable(at: table, look: &content.looks, from: start, &context).itemCount
        try context.visit(items)
        do {
            try appendTextItems(of: table, count: items, look: start..<content.looks.count, to: &content, &context)
        } catch {
            // An item of the span's own is the span's mistake.
            guard error.expected != SpanMistake.expected else { throw error }
            throw SpanMistake.mismatch(error.message(subject: "prop"))
        }
    }

    /// The text a span at `index` stands for where an element goes: its look is the
    /// text's own, its items the text's. Nil when the value is not a span.
    func spanElement(at index: Int32, _ context: inout ConversionContext) throws(Mismatch) -> Element? {
        guard isSpan(at: index) else { return nil }
        let table = state.absolute(index)
        try enter(table, &context)
        defer { context.leave() }
        var props: [Record.Entry] = []
        var content = TextContent()
        do {
            let shape = try spanTable(at: table, look: &props, from: 0, &context)
            try appendTextItems(of: table, count: shape.itemCount, look: 0..<0, to: &content, &context)
            content.finish()
            props.append(Record.Entry(key: "text", value: .string(content.text)))
            if let runs = content.runs {
                props.append(Record.Entry(key: "runs", value: .array(ValueArray(unhashed: runs))))
            }
            return .host(values.span?.kind ?? "text", props: Record(uniqueEntries: props), key: shape.key)
        } catch {
            guard error.expected != SpanMistake.expected else { throw error }
            throw SpanMistake.mismatch(error.message(subject: "prop"))
        }
    }

    /// The message of a mistake reading a text's items, said as the span's when a span
    /// made it, else as `subject`'s.
    func textItemsMessage(_ mismatch: Mismatch, subject: String) -> String {
        guard mismatch.expected == SpanMistake.expected, let message = mismatch.customMessage else {
            return "\(subject): \(mismatch.message(subject: "prop"))"
        }
        return message
    }
}

/// Mistakes in what a span holds, worded once: they are the span's, wherever the text
/// that reads it is.
enum SpanMistake {
    /// What a span mistake's mismatch says it expected, to be told apart.
    static let expected = "a well-formed ui.span"

    /// A mismatch whose message is `ui.span: message`.
    static func mismatch(_ message: String) -> Mismatch {
        var mismatch = Mismatch(path: "", expected: expected, found: "")
        mismatch.customMessage = "ui.span: \(message)"
        mismatch.endsConversion = true
        return mismatch
    }
}

/// A text's content as its items are read: its bytes and, once an item has a look of
/// its own, the styled runs, as the `runs` prop holds them: a stream of lengths, each
/// the next so many bytes of the text, a run of the look set by the last record before
/// it (none, or an empty record: the text's own look). Runs of one look share one
/// record, and looks recently seen are shared between texts, so a log line's runs
/// allocate nothing of their own: the text is made once, at the end, in one piece.
struct TextContent {
    /// The text's bytes, as the strings gave them (checked as UTF-8 at the end).
    var bytes: [UInt8] = []
    /// The text, once `finish` made it.
    private(set) var text = ""
    private(set) var runs: [Value]?
    /// The number of runs in `runs`.
    private(set) var runCount = 0
    /// The looks of the spans being read, one over the next: each span's is a range.
    var looks: [Record.Entry] = []
    /// The look the stream's lengths have now.
    private var current = Record()
    /// Where the piece being read starts in `bytes`.
    private var pieceStart = 0

    /// Ends the piece read since the last end: a run of `looks[look]` (the text's own
    /// when empty); `recent` are the looks recently made, shared between texts.
    mutating func endPiece(look: Range<Int>, _ recent: inout RecentLooks) {
        let length = bytes.count - pieceStart
        guard length > 0 else { return }
        if !look.isEmpty { beginRuns() }
        pieceStart = bytes.count
        guard runs != nil else { return }
        if !Self.same(current.entries, looks[look]) {
            current = recent.record(for: looks[look])
            runs?.append(.record(current))
        }
        runs?.append(.int(length))
        runCount += 1
    }

    /// Starts the runs, when they have not: the text before the piece being read is one
    /// run of the text's look.
    private mutating func beginRuns() {
        guard runs == nil else { return }
        var made: [Value] = []
        made.reserveCapacity(12)
        if pieceStart > 0 {
            made.append(.int(pieceStart))
            runCount = 1
        }
        runs = made
    }

    /// Makes the text of the bytes read. Where they are not UTF-8, the text shows each
    /// bad sequence as U+FFFD, and the runs hold their strings instead of lengths.
    mutating func finish() {
        if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
            return
        }
        text = String(decoding: bytes, as: UTF8.self)
        guard let lengths = runs else { return }
        var start = 0
        runs = lengths.map { item in
            guard case .int(let length) = item else { return item }
            defer { start += length }
            return .string(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
        }
    }

    /// Appends the runs of a text element's props (`ui.text` within `ui.text`), each
    /// with its look over `enclosing`.
    mutating func appendRuns(of props: Record, over enclosing: [Record.Entry], _ recent: inout RecentLooks) {
        var look = enclosing
        var whole = ""
        var inner: [Value]?
        for entry in props.entries {
            if entry.key == "text" {
                whole = entry.value.stringValue ?? ""
            } else if entry.key == "runs" {
                inner = entry.value.arrayValue?.values
            } else if LuaBridge.isLookKey(entry.key) {
                Self.set(entry, in: &look, over: enclosing.count)
            }
        }
        guard let inner else {
            appendRun(whole.utf8, look: look, &recent)
            return
        }
        // Its runs, in any form: records with their text, strings or lengths of the
        // text after looks.
        var streamLook = look
        let utf8 = Array(whole.utf8)
        var offset = 0
        for item in inner {
            switch item {
            case .string(let piece):
                appendRun(piece.utf8, look: streamLook, &recent)
            case .int(let length) where length > 0:
                let end = min(utf8.count, offset + length)
                appendRun(utf8[offset..<end], look: streamLook, &recent)
                offset = end
            case .record(let record) where record["text"] != nil:
                appendRuns(of: record, over: look, &recent)
            case .record(let record):
                streamLook = look
                for entry in record.entries where LuaBridge.isLookKey(entry.key) {
                    Self.set(entry, in: &streamLook, over: look.count)
                }
            default:
                continue
            }
        }
    }

    private mutating func appendRun(
        _ piece: some Collection<UInt8>, look: [Record.Entry], _ recent: inout RecentLooks
    ) {
        let start = looks.count
        looks.append(contentsOf: look)
        // A run of the text's look within a styled text is a run all the same.
        if look.isEmpty, !piece.isEmpty { beginRuns() }
        bytes.append(contentsOf: piece)
        endPiece(look: start..<looks.count, &recent)
        looks.removeSubrange(start...)
    }

    /// Sets `entry` in `look`, replacing the entry of its key among the first `enclosing`.
    private static func set(_ entry: Record.Entry, in look: inout [Record.Entry], over enclosing: Int) {
        if enclosing > 0, let position = look[..<enclosing].firstIndex(where: { $0.key == entry.key }) {
            look[position] = entry
        } else {
            look.append(entry)
        }
    }

    /// Whether two looks have the same entries in the same order (as a span's fields
    /// are read in one order, the same look read twice is).
    static func same(_ a: [Record.Entry], _ b: ArraySlice<Record.Entry>) -> Bool {
        guard a.count == b.count else { return false }
        var other = b.startIndex
        for entry in a {
            guard entry.key == b[other].key, entry.value == b[other].value else { return false }
            other += 1
        }
        return true
    }
}

/// The looks of runs made lately, shared by the texts that use them again: a log of a
/// few looks makes each look's record once.
struct RecentLooks {
    private var records: [Record] = []
    /// Where the next look not found goes, once `records` is full.
    private var next = 0
    private static let capacity = 16

    /// A record of the entries `look`, one made lately if it has the same.
    mutating func record(for look: ArraySlice<Record.Entry>) -> Record {
        if look.isEmpty { return Record() }
        for record in records where TextContent.same(record.entries, look) {
            return record
        }
        let record = Record(uniqueEntries: Array(look))
        if records.count < Self.capacity {
            records.append(record)
        } else {
            records[next] = record
            next = (next + 1) % Self.capacity
        }
        return record
    }
}

/// `ui.span` as the bridge reads spans: its schema bound to the Lua state, the kind of the
/// text a span is alone, the metatable that marks spans, and the C reader of texts with
/// the records of the looks it keeps.
final class SpanBinding {
    let schema: BoundSchema
    let kind: String
    let metatable: UnsafeRawPointer?
    let reader: UnsafeMutablePointer<theolua_text_reader>?
    /// The record of each look the reader keeps, with the generation it was made for.
    private var looks = [(generation: UInt32, record: Record)](
        repeating: (0, Record()), count: Int(THEOLUA_LOOK_CACHE))

    init(
        schema: BoundSchema, kind: String, metatable: UnsafeRawPointer?,
        reader: UnsafeMutablePointer<theolua_text_reader>?
    ) {
        self.schema = schema
        self.kind = kind
        self.metatable = metatable
        self.reader = reader
    }

    deinit {
        theolua_text_reader_free(reader)
    }

    /// The record of the reader's look `look` (-1: the text's own, an empty record).
    func record(forLook look: Int32) -> Record {
        guard let reader, look >= 0, Int(look) < looks.count else { return Record() }
        let generation = theolua_text_reader_generation(reader, look)
        if looks[Int(look)].generation == generation { return looks[Int(look)].record }
        var entries: [Record.Entry] = []
        let count = theolua_text_reader_slot_count(reader, look)
        entries.reserveCapacity(Int(count))
        let fields = schema.record.fields
        for index in 0..<count {
            guard let slot = theolua_text_reader_slot(reader, look, index)?.pointee, Int(slot.field) < fields.count
            else { continue }
            let value: Value
            switch Int32(slot.type) {
            case LUA_TBOOLEAN: value = .bool(slot.integer != 0)
            case LUA_TNUMBER: value = .int(Int(slot.integer))
            default:
                value = .string(
                    slot.string.map {
                        $0.withMemoryRebound(to: UInt8.self, capacity: slot.length) {
                            String(decoding: UnsafeBufferPointer(start: $0, count: slot.length), as: UTF8.self)
                        }
                    } ?? "")
            }
            entries.append(Record.Entry(key: fields[Int(slot.field)].name, value: value))
        }
        let record = Record(uniqueEntries: entries)
        looks[Int(look)] = (generation, record)
        return record
    }
}
