import Foundation

/// The services a host runs, as plain Swift values: what the view script gets as props.
public struct Service: Encodable, Sendable, Equatable {
    public enum Status: String, Encodable, Sendable {
        case running, restarting, failed
    }

    public var name: String
    public var status: Status
    /// The last response times, in milliseconds, oldest first.
    public var latency: [Double]
    public var restarts: Int

    public init(name: String, status: Status = .running, latency: [Double], restarts: Int = 0) {
        self.name = name
        self.status = status
        self.latency = latency
        self.restarts = restarts
    }
}

/// What the view shows: the host's name and its services.
public struct FleetSnapshot: Encodable, Sendable, Equatable {
    public var host: String
    public var services: [Service]
}

/// A restart asked for a service the fleet does not have.
public struct UnknownService: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "no service named '\(name)'" }
}

/// The host's own model: the services, sampled and restarted from the host's threads
/// (its sampler, the restarts the script asks for) and read by tests, behind one lock.
public final class Fleet: @unchecked Sendable {
    // @unchecked: every read and write of `state` holds `lock`.
    private let lock = NSLock()
    private var state: (snapshot: FleetSnapshot, tick: Int)
    /// How many samples a service keeps.
    public static let history = 16

    public init(_ snapshot: FleetSnapshot) {
        state = (snapshot, 0)
    }

    /// The services as they are now.
    public var current: FleetSnapshot { lock.withLock { state.snapshot } }

    /// Takes one sample: each running service answers a little slower or faster, and a
    /// service that was restarting is running again, with an empty history.
    public func sample() -> FleetSnapshot {
        lock.withLock {
            state.tick += 1
            for index in state.snapshot.services.indices {
                var service = state.snapshot.services[index]
                switch service.status {
                case .restarting:
                    service.status = .running
                    service.latency = [8]
                case .running:
                    let last = service.latency.last ?? 10
                    let step = Double((state.tick * 7 + index * 13) % 11 - 5)
                    service.latency.append(max(1, last + step))
                    service.latency = Array(service.latency.suffix(Self.history))
                case .failed:
                    break
                }
                state.snapshot.services[index] = service
            }
            return state.snapshot
        }
    }

    /// Restarts the service `name`: it is `restarting` until the next sample.
    public func restart(_ name: String) throws(UnknownService) -> FleetSnapshot {
        lock.lock()
        defer { lock.unlock() }
        guard let index = state.snapshot.services.firstIndex(where: { $0.name == name }) else {
            throw UnknownService(name: name)
        }
        state.snapshot.services[index].status = .restarting
        state.snapshot.services[index].restarts += 1
        return state.snapshot
    }
}

extension FleetSnapshot {
    /// The fleet the sample starts with.
    public static let example = FleetSnapshot(
            host: "deploy-01",
            services: [
                Service(name: "api", latency: [12, 14, 13, 18, 22, 19, 17, 16]),
                Service(name: "worker", latency: [40, 38, 45, 52, 49, 47, 50, 44]),
                Service(name: "search", status: .failed, latency: [90, 120, 250]),
                Service(name: "cache", latency: [2, 2, 3, 2, 2, 4, 3, 2]),
            ])
}
