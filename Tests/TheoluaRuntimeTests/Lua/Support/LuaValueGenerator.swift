/// A small deterministic random number generator (SplitMix64), so every failure can be
/// replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates random Lua values as source text: the body of a function that builds the
/// value (statements first, for cycles and deep nesting) and returns it.
struct LuaValueGenerator {
    var rng: SeededGenerator
    /// Whether `self` is in scope (inside a component method), so views and handlers can
    /// be part of the value.
    var hasSelf: Bool
    private var statements: [String] = []
    private var locals = 0

    init(seed: UInt64, hasSelf: Bool) {
        rng = SeededGenerator(seed: seed)
        self.hasSelf = hasSelf
    }

    static let scalars = [
        "nil", "true", "false", "0", "-0", "1", "-1", "42", "math.maxinteger", "math.mininteger",
        "1.5", "-0.0", "0/0", "math.huge", "-math.huge", "1e308", "2^63", "2^53", "'text'", "''",
        "'\\xff\\xfe'", "'a\\0b'", "'日本語'", "'e\\u{301}'", "string.rep('ab', 40000)",
        "string.rep('\\xff', 3000)", "'line\\nbreak'",
    ]
    static let oddKeys = [
        "[true]", "[false]", "[1.5]", "[-1]", "[0]", "[math.maxinteger]", "[math.mininteger]", "[2^53]",
        "[-0.0]", "[1e300]", "['']", "['with space']", "['\\xff']", "[3]", "[100000]",
    ]

    private mutating func pick(_ items: [String]) -> String {
        items[Int.random(in: 0..<items.count, using: &rng)]
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    private mutating func local() -> String {
        locals += 1
        return "v\(locals)"
    }

    /// An expression for a random value, adding the statements it needs.
    mutating func expression(depth: Int = 0) -> String {
        let roll = Int.random(in: 0..<100, using: &rng)
        switch roll {
        case 0..<30:
            return pick(LuaValueGenerator.scalars)
        case 30..<34:
            return pick(["function() end", "print", "function(...) return ... end", "string.format"])
        case 34..<36:
            return "coroutine.create(function() end)"
        case 36..<40:
            return pick(["ui.text 'el'", "ui.column { 'a', ui.text 'b' }", "ui.spacer {}"])
        case 40..<44 where hasSelf:
            return pick([
                "self.props", "self.state", "self:handler('noop')", "self:handler('noop', 1, 'two')",
            ])
        case 44..<48:
            return cycle()
        case 48..<51:
            return deep(levels: Int.random(in: 90...160, using: &rng))
        case 51..<70 where depth < 4:
            let count = Int.random(in: 0...4, using: &rng)
            var items: [String] = []
            for _ in 0..<count { items.append(expression(depth: depth + 1)) }
            return "{ " + items.joined(separator: ", ") + " }"
        case 70..<88 where depth < 4:
            let count = Int.random(in: 1...4, using: &rng)
            var fields: [String] = []
            for index in 0..<count { fields.append("f\(index) = " + expression(depth: depth + 1)) }
            return "{ " + fields.joined(separator: ", ") + " }"
        case 88..<96 where depth < 4:
            let count = Int.random(in: 1...3, using: &rng)
            var fields: [String] = []
            for _ in 0..<count {
                fields.append(pick(LuaValueGenerator.oddKeys) + " = " + expression(depth: depth + 1))
            }
            if chance(50) { fields.append(expression(depth: depth + 1)) }
            return "{ " + fields.joined(separator: ", ") + " }"
        default:
            if depth < 4, chance(50) {
                // The same table twice: shared, but no cycle.
                let name = local()
                statements.append("local \(name) = \(expression(depth: depth + 1))")
                return "{ \(name), \(name), again = \(name) }"
            }
            return pick(LuaValueGenerator.scalars)
        }
    }

    private mutating func cycle() -> String {
        let a = local()
        let b = local()
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            statements.append("local \(a) = {}; \(a).me = \(a)")
        case 1:
            statements.append("local \(a) = { 1 }; local \(b) = { \(a) }; \(a)[2] = \(b)")
        default:
            statements.append("local \(a) = { x = {} }; \(a).x.y = { up = \(a) }")
        }
        return a
    }

    private mutating func deep(levels: Int) -> String {
        let name = local()
        let field = chance(50) ? "[1]" : ".next"
        statements.append(
            "local \(name) = {}; do local cur = \(name); for i = 1, \(levels) do cur\(field) = {}; cur = cur\(field) end end"
        )
        return name
    }

    /// The body of a function returning a fresh random value.
    mutating func functionBody() -> String {
        statements = []
        let value = expression()
        return (statements + ["return \(value)"]).joined(separator: "\n    ")
    }
}
