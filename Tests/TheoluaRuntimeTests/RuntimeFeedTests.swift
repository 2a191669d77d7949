import Foundation
import Testing
import TheoluaCore
import TheoluaRuntime

/// `Runtime.feed` (docs/embedding.md, "Feeding a running app"): a host's tasks send
/// props and work from any thread; the runtime applies them on its own at its next
/// turn, keeping the app's state; emitted events come out as an AsyncStream.
@Suite struct RuntimeFeedTests {
    static let gauge = """
        local ui = require("theolua")
        return ui.component("Gauge", {
          props = { value = { "integer", default = 0 } },
          initialState = function() return { keys = 0 } end,
          render = function(self)
            return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"),
              ui.text(("value %d keys %d"):format(self.props.value, self.state.keys)) }
          end,
          actions = {
            key = function(self, key)
              if key.name == "e" then ui.emit("pressed", { keys = self.state.keys, value = self.props.value }) end
              self:updateState(function(s) return { keys = s.keys + 1 } end)
              return true
            end,
          },
        })
        """

    /// A detached task feeds 1,000 updates a second while keys arrive: every key is
    /// counted (the state survives every update) and the last value shows.
    @Test func aDetachedTaskFeedsTheAppWhileKeysArrive() async throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: Self.gauge)
        try runtime.mount()
        let feed = runtime.feed
        let feeder = Task.detached {
            for value in 1...1000 {
                feed.update(props: ["value": .int(value)])
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        var keys = 0
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(30) {
            runtime.serviceIO(waitingUntil: .now + .milliseconds(5))
            runtime.send(KeyEvent.character("k"))
            keys += 1
            if runtime.text == "value 1000 keys \(keys)" { break }
        }
        await feeder.value
        runtime.serviceIO()
        #expect(runtime.text == "value 1000 keys \(keys)")
        #expect(runtime.takeErrors() == [])
    }

    @Test func workRunsOnTheRuntimesThreadInTheOrderItWasSent() async throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: Self.gauge)
        try runtime.mount()
        let feed = runtime.feed
        await Task.detached {
            feed.update(props: ["value": .int(7)])
            feed.perform { runtime in runtime.send(KeyEvent.character("x")) }
            feed.perform { runtime in runtime.send(KeyEvent.character("y")) }
        }.value
        #expect(runtime.text == "value 0 keys 0", "nothing is applied before the runtime's turn")
        runtime.serviceIO(waitingUntil: .now + .seconds(5))
        #expect(runtime.text == "value 7 keys 2")
    }

    @Test func propsAndWorkApplyInTheOrderSent() async throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: Self.gauge)
        try runtime.mount()
        let feed = runtime.feed
        await Task.detached {
            feed.perform { runtime in runtime.send(KeyEvent.character("e")) }
            feed.update(props: ["value": .int(5)])
            feed.update(props: ["value": .int(6)])
        }.value
        runtime.serviceIO(waitingUntil: .now + .seconds(5))
        // The key came first, then the latest of the props sent after it.
        #expect(runtime.text == "value 6 keys 1")
    }

    @Test func theEventStreamsEndWithTheRuntime() async throws {
        var runtime: Runtime? = try Runtime(width: 30, height: 1)
        try runtime?.load(source: Self.gauge)
        try runtime?.mount()
        let events = try #require(runtime?.feed.events())
        runtime = nil
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func propsThatDoNotFitAreReportedAndShown() async throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: Self.gauge)
        try runtime.mount()
        var heard: [String] = []
        runtime.onError = { heard.append($0) }
        runtime.feed.update(props: ["value": .string("high")])
        runtime.serviceIO(waitingUntil: .now + .seconds(5))
        #expect(heard.count == 1)
        #expect(runtime.shownError?.contains("prop 'value'") == true)
        #expect(runtime.text == "value 0 keys 0")
    }

    @Test func emittedEventsComeOutAsAStream() async throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.load(source: Self.gauge)
        try runtime.mount(props: ["value": .int(3)])
        let events = runtime.feed.events()
        try runtime.send(keys: "e x e")
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first?.name == "pressed")
        #expect(first?.payload == .record(["keys": .int(0), "value": .int(3)]))
        #expect(second?.payload == .record(["keys": .int(2), "value": .int(3)]))
    }
}
