import Testing
import TheoluaCore

@Suite struct RunLoopTests {
    @Test func timersFireInDeadlineOrderAndTiesInSchedulingOrder() {
        let loop = ManualRunLoop()
        var fired: [String] = []
        _ = TimerHandle(on: loop, delay: .seconds(2), repeating: false) { fired.append("b") }
        _ = TimerHandle(on: loop, delay: .seconds(1), repeating: false) { fired.append("a") }
        _ = TimerHandle(on: loop, delay: .seconds(2), repeating: false) { fired.append("c") }
        loop.advance(by: .milliseconds(999))
        #expect(fired.isEmpty)
        loop.advance(by: .milliseconds(1001))
        #expect(fired == ["a", "b", "c"])
        #expect(loop.now == .seconds(2))
    }

    @Test func repeatingTimersDoNotDriftAndStopWhenCancelled() {
        let loop = ManualRunLoop()
        var ticks: [Duration] = []
        let timer = TimerHandle(on: loop, delay: .milliseconds(300), repeating: true) { ticks.append(loop.now) }
        loop.advance(by: .seconds(1))
        #expect(ticks == [.milliseconds(300), .milliseconds(600), .milliseconds(900)])
        timer.cancel()
        timer.cancel()
        loop.advance(by: .seconds(1))
        #expect(ticks.count == 3)
        #expect(!timer.isActive)
    }

    @Test func workEnqueuedDuringATurnRunsInALaterTurn() {
        let loop = ManualRunLoop()
        var order: [Int] = []
        loop.enqueue {
            order.append(1)
            loop.enqueue { order.append(3) }
        }
        loop.enqueue { order.append(2) }
        #expect(order.isEmpty)
        loop.runUntilIdle()
        #expect(order == [1, 2, 3])
    }

    @Test func runUntilIdleStopsAfterTheTurnLimit() {
        let loop = ManualRunLoop()
        loop.turnLimit = 50
        var turns = 0
        var stopped = false
        func again() {
            turns += 1
            if !stopped { loop.enqueue(again) }
        }
        loop.enqueue(again)
        #expect(loop.runUntilIdle() == false)
        #expect(turns == 50)
        #expect(loop.hasPendingTurns)
        // The pending turn holds the loop: let it run out, or the two would leak.
        stopped = true
        #expect(loop.runUntilIdle())
    }

    @Test func pendingTurnsRunBeforeEachTimerFires() {
        let loop = ManualRunLoop()
        var order: [String] = []
        _ = TimerHandle(on: loop, delay: .seconds(1), repeating: false) {
            order.append("timer")
            loop.enqueue { order.append("after timer") }
        }
        loop.enqueue { order.append("turn") }
        loop.advance(by: .seconds(5))
        #expect(order == ["turn", "timer", "after timer"])
    }

    @Test func aTimerReArmingItselfWithNoDelayLetsVirtualTimeAdvance() {
        let loop = ManualRunLoop()
        var fired = 0
        var timer: TimerHandle?
        func again() {
            fired += 1
            timer = TimerHandle(on: loop, delay: .zero, repeating: false) { again() }
        }
        timer = TimerHandle(on: loop, delay: .zero, repeating: false) { again() }
        #expect(loop.advance(by: .milliseconds(500)))
        #expect(fired == 500)
        #expect(loop.now == .milliseconds(500))
        timer?.cancel()
    }

    @Test func anAdvanceStopsWhenAskedAndAfterTheFiringLimit() {
        let loop = ManualRunLoop()
        var fired: [Int] = []
        _ = TimerHandle(on: loop, delay: .seconds(1), repeating: false) { fired.append(1) }
        _ = TimerHandle(on: loop, delay: .seconds(2), repeating: false) { fired.append(2) }
        #expect(!loop.advance(by: .seconds(5)) { fired.count == 1 })
        #expect(fired == [1])
        #expect(loop.now == .seconds(1))
        loop.firingLimit = 10
        var ticks = 0
        _ = TimerHandle(on: loop, delay: .milliseconds(1), repeating: true) { ticks += 1 }
        #expect(!loop.advance(by: .seconds(100)))
        #expect(ticks + fired.count == 11)
    }

    @Test func aClockLoopRunsTimersScheduledDuringAPassOnTheNextPass() {
        let loop = ClockRunLoop()
        var fired = 0
        var timer: TimerHandle?
        func again() {
            fired += 1
            timer = TimerHandle(on: loop, delay: .zero, repeating: false) { again() }
        }
        timer = TimerHandle(on: loop, delay: .zero, repeating: false) { again() }
        while fired == 0 { loop.runDueWork() }
        // Even once the re-armed timer is due, one pass fires it at most once.
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .milliseconds(5) {}
        loop.runDueWork()
        #expect(fired == 2)
        timer?.cancel()
    }
}
