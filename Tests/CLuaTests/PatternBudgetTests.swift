import CLua
import CLuaSupport
import Testing

/// Our pattern functions charge their matcher's steps to the instruction budget: a
/// pathological pattern ends as the budget error, ordinary matching costs about one unit
/// a character, and a state without a budget is never stopped.
@Suite struct PatternBudgetTests {
    private let pathological = #"return string.rep("a", 5000):find(".-.-.-.-b")"#
    private let exceeded = SupportedStateError.message(
        "test:1: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)")

    @Test func aPathologicalPatternRaisesTheBudgetError() throws {
        let state = try SupportedState(budget: 5_000_000)
        state.installOurPatternsInTheStringLibrary()
        theolua_arm_budget(state.L)
        #expect(throws: exceeded) {
            try state.run(pathological)
        }
        #expect(state.support.pointee.budget_exceeded == 1)
    }

    @Test(arguments: [
        #"return (string.rep("a", 5000):gsub("(.-)%1b", "x"))"#,
        #"for _ in string.rep("a", 5000):gmatch("a*a*a*a*b") do end"#,
        #"return string.rep("a", 5000):match("^(.*)(.*)(.*)c")"#,
        #"return string.rep("(", 100000):find("%b()")"#,
        #"return string.rep("a", 1000000):find(string.rep("a", 500000) .. "b", 1, true)"#,
    ])
    func everyPatternFunctionIsStoppedByTheBudget(source: String) throws {
        let state = try SupportedState(budget: 5_000_000)
        state.installOurPatternsInTheStringLibrary()
        theolua_arm_budget(state.L)
        #expect(throws: exceeded) {
            try state.run(source)
        }
    }

    @Test func anExceededBudgetStaysExceededUntilItIsArmedAgain() throws {
        let state = try SupportedState(budget: 5_000_000)
        state.installOurPatternsInTheStringLibrary()
        theolua_arm_budget(state.L)
        #expect(throws: SupportedStateError.self) { try state.run(pathological) }
        #expect(throws: SupportedStateError.self) { try state.run(#"return ("abc"):find("b")"#) }
        theolua_arm_budget(state.L)
        #expect(try state.run(#"return ("abc"):find("b")"#) == ["2", "2"])
    }

    @Test func withoutABudgetPatternsAreNeverStopped() throws {
        // About two million matcher steps: far past a budget of 100,000.
        let heavy = #"return string.rep("a", 2000):find(".-b")"#
        let limited = try SupportedState(budget: 100_000)
        limited.installOurPatternsInTheStringLibrary()
        theolua_arm_budget(limited.L)
        #expect(throws: SupportedStateError.self) { try limited.run(heavy) }

        let unlimited = try SupportedState(budget: 0)
        unlimited.installOurPatternsInTheStringLibrary()
        theolua_arm_budget(unlimited.L)
        #expect(try unlimited.run(heavy) == ["nil"])
        #expect(unlimited.support.pointee.budget_exceeded == 0)
    }

    @Test func ordinaryMatchingCostsAboutOneUnitACharacter() throws {
        let state = try SupportedState(budget: 50_000_000)
        state.installOurPatternsInTheStringLibrary()
        let text = #"local s = string.rep("the quick brown fox jumps over the lazy dog ", 1000)"#
        theolua_arm_budget(state.L)
        try state.run(text + "; return #s")
        let baseline = 50_000_000 - state.support.pointee.remaining
        theolua_arm_budget(state.L)
        #expect(try state.run(text + #"; return select(2, s:gsub("%a+", "<%0>"))"#) == ["9000"])
        let spent = 50_000_000 - state.support.pointee.remaining - baseline
        // 44,000 characters and 9,000 matches.
        #expect(spent >= 44_000 && spent <= 4 * 44_000, "spent \(spent)")
    }
}
