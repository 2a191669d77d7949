import CLua
import CLuaSupport
import TheoluaCore
import TheoluaLua
import TheoluaSystem

/// `ui.fetch(url, options, callback)`: thin glue over TheoluaSystem's ``HTTPClient``,
/// each URL through the ``NetGate`` (the net permission), redirects included. The
/// request belongs to the component on whose behalf the script ran; its answer is an
/// ordinary script call made when the host services the reactor.
extension LuaBridge {
    /// The most redirects one fetch follows.
    static let redirectLimit = 10
    /// The longest a fetch may be given to take.
    static let fetchTimeoutLimit = 3_600.0

    /// `ui.fetch(url[, options], callback)` → a request handle with `cancel()`.
    func fetch(_ system: SystemCapabilities) throws -> Int32 {
        guard let url = state.string(at: 1) else {
            throw raise("ui.fetch: expected a URL as a string, got \(found(at: 1))")
        }
        // The options may be left out: ui.fetch(url, callback).
        let optionsIndex: Int32 = isCallable(at: 2) ? 0 : 2
        let callbackIndex: Int32 = optionsIndex == 0 ? 2 : 3
        guard optionsIndex == 0 || lua_type(L, 2) <= LUA_TNIL || lua_type(L, 2) == LUA_TTABLE else {
            throw raise("ui.fetch: expected a table of options, got \(found(at: 2))")
        }
        guard isCallable(at: callbackIndex) else {
            throw raise("ui.fetch: expected a function or a handler to call with the response, got \(found(at: callbackIndex))")
        }
        var request = try fetchRequest(url: url, options: optionsIndex)
        do {
            request.url = try system.netGate.check(url).url
        } catch {
            throw raise("ui.fetch: \(error)")
        }
        lua_pushvalue(L, callbackIndex)
        let callback = popFunction(location: "ui.fetch callback")
        let handle = ScriptRequest(client: system.http, reactor: system.io)
        let owner = currentOwner
        let gate = system.netGate
        handle.onDone = { [link] outcome in
            guard let bridge = link.bridge else { return }
            bridge.deliver(callback, owner: owner) { bridge.push(outcome) }
        }
        do {
            try handle.start(request, through: gate)
        } catch {
            throw raise("ui.fetch: \(error)")
        }
        adopt(handle, owner: owner)
        pushObject(handle, kind: .request)
        return 1
    }

    /// The request the options table at `index` (0: none) asks for.
    private func fetchRequest(url: String, options index: Int32) throws -> HTTPClient.Request {
        var request = HTTPClient.Request(url: url)
        guard index != 0 else { return request }
        if let method = try optionalString(field: "method", of: index, what: "ui.fetch") {
            let upper = method.uppercased()
            guard !upper.isEmpty, upper.utf8.count <= 32, upper.utf8.allSatisfy(Self.isTokenByte) else {
                throw raise("ui.fetch: method must be a word such as \"GET\" or \"POST\", got \"\(method)\"")
            }
            request.method = upper
        }
        request.body = try optionalBytes(field: "body", of: index, what: "ui.fetch")
        if let body = request.body, body.count > Self.writeLimit {
            throw raise("ui.fetch: the body is \(body.count) bytes, more than the \(Self.writeLimit >> 20) MiB a request may send")
        }
        request.limit = try maxBytes(of: index)
        lua_getfield(L, index, "timeout")
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: break
        case LUA_TNUMBER:
            let seconds = lua_tonumberx(L, -1, nil)
            guard seconds > 0, seconds <= Self.fetchTimeoutLimit else {
                throw raise("ui.fetch: timeout must be a number of seconds above 0 and at most 3600, got \(state.describe(-1))")
            }
            request.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        default:
            throw raise("ui.fetch: timeout must be a number of seconds, got \(found(at: -1))")
        }
        request.headers = try fetchHeaders(of: index)
        return request
    }

    /// The `maxBytes` field of the options table at `index`: the most bytes of response
    /// kept, at most (and by default) ``HTTPClient/defaultLimit``.
    private func maxBytes(of index: Int32) throws -> Int {
        lua_getfield(L, index, "maxBytes")
        defer { state.pop() }
        guard lua_type(L, -1) != LUA_TNIL else { return HTTPClient.defaultLimit }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, -1, &isInteger)
        guard isInteger != 0, value >= 0, value <= HTTPClient.defaultLimit else {
            throw raise(
                "ui.fetch: maxBytes must be a whole number of bytes from 0 to \(HTTPClient.defaultLimit) (64 MiB), got \(state.describe(-1))"
            )
        }
        return Int(value)
    }

    /// The `headers` field of the options table at `index`: names and values as
    /// strings, neither able to start another header or line.
    private func fetchHeaders(of index: Int32) throws -> [(name: String, value: String)] {
        lua_getfield(L, index, "headers")
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return []
        case LUA_TTABLE: break
        default: throw raise("ui.fetch: headers must be a table of names and values, got \(found(at: -1))")
        }
        var headers: [(name: String, value: String)] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            defer { state.pop() }
            guard lua_type(L, -2) == LUA_TSTRING, let name = state.string(at: -2),
                lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER
            else {
                throw raise("ui.fetch: headers must map names to strings")
            }
            let value = state.describe(-1)
            guard !name.isEmpty, name.utf8.count <= 256, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw raise("ui.fetch: \"\(name)\" is not a header name (letters, digits and !#$%&'*+-.^_`|~)")
            }
            guard value.utf8.count <= 65_536, !value.utf8.contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else {
                throw raise("ui.fetch: the value of header \(name) must be one line of at most 64 KiB")
            }
            headers.append((name, value))
        }
        // The order Lua's table gave is no order at all: sent sorted, the same each run.
        return headers.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Whether `byte` may be in an HTTP token (a method or a header name).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Pushes what a fetch ended with as the callback's one argument: `{ status,
    /// headers, body, url }` or `{ error = "..." }`.
    func push(_ outcome: Result<ScriptRequest.Answer, HTTPClient.Failure>) {
        switch outcome {
        case .failure(let failure):
            lua_createtable(L, 0, 1)
            state.push(failure.description)
            lua_setfield(L, -2, "error")
        case .success(let answer):
            lua_createtable(L, 0, 4)
            lua_pushinteger(L, lua_Integer(answer.response.status))
            lua_setfield(L, -2, "status")
            // Names lowercased, as HTTP compares them; repeated fields joined.
            var fields: [String: String] = [:]
            var order: [String] = []
            for (name, value) in answer.response.headers {
                let key = name.lowercased()
                if let existing = fields[key] {
                    fields[key] = existing + ", " + value
                } else {
                    fields[key] = value
                    order.append(key)
                }
            }
            lua_createtable(L, 0, Int32(min(order.count, 1024)))
            for key in order {
                state.push(fields[key] ?? "")
                lua_setfield(L, -2, key)
            }
            lua_setfield(L, -2, "headers")
            state.push(bytes: answer.response.body[...])
            lua_setfield(L, -2, "body")
            state.push(answer.url)
            lua_setfield(L, -2, "url")
        }
    }

    static let cancelRequest: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            bridge.object(at: 1, kind: .request, as: ScriptRequest.self)?.cancel()
            return 0
        }
    }
}

/// A request made by a script: the handle `ui.fetch` returns. It follows redirects the
/// grant reaches, one request after another, and answers once.
final class ScriptRequest: OwnedWork {
    /// A response, and the URL that gave it (after redirects).
    struct Answer {
        var response: HTTPClient.Response
        var url: String
    }

    private let client: HTTPClient
    private weak var reactor: IOReactor?
    private var number: Int?
    private var redirects = 0
    private(set) var isActive = true
    /// Receives the answer, once.
    var onDone: (Result<Answer, HTTPClient.Failure>) -> Void = { _ in }

    init(client: HTTPClient, reactor: IOReactor) {
        self.client = client
        self.reactor = reactor
    }

    /// Sends `request` (whose URL `gate` has checked).
    func start(_ request: HTTPClient.Request, through gate: NetGate) throws(HTTPClient.Failure) {
        number = try client.start(request) { [weak self] outcome in self?.received(outcome, request, gate) }
        reactor?.add(client)
    }

    func cancel() {
        guard isActive else { return }
        isActive = false
        if let number { client.cancel(number) }
    }

    private func received(
        _ outcome: Result<HTTPClient.Response, HTTPClient.Failure>, _ request: HTTPClient.Request, _ gate: NetGate
    ) {
        guard isActive else { return }
        guard case .success(let response) = outcome,
            let location = response.redirect, [301, 302, 303, 307, 308].contains(response.status)
        else {
            finish(outcome.map { Answer(response: $0, url: request.url) })
            return
        }
        redirects += 1
        guard redirects <= LuaBridge.redirectLimit else {
            finish(.failure(.init("more than \(LuaBridge.redirectLimit) redirects, the last to \(location)")))
            return
        }
        var next = request
        let target: NetGate.Target
        do {
            target = try gate.check(location)
        } catch {
            finish(.failure(.init("the redirect to \(location) was refused: \(error)")))
            return
        }
        next.url = target.url
        // Credentials go to the origin they were written for (scheme, host and port),
        // never to the next one.
        if (try? gate.check(request.url)).map({ $0.isSameOrigin(as: target) }) != true {
            next.headers.removeAll { ["authorization", "cookie", "proxy-authorization"].contains($0.name.lowercased()) }
        }
        // As browsers do: a 303, and a 301 or 302 after a POST, become a GET without a body.
        if response.status == 303 || (request.method == "POST" && [301, 302].contains(response.status)) {
            next.method = request.method == "HEAD" ? "HEAD" : "GET"
            next.body = nil
            next.headers.removeAll { ["content-type", "content-length"].contains($0.name.lowercased()) }
        }
        do {
            try start(next, through: gate)
        } catch {
            finish(.failure(error))
        }
    }

    private func finish(_ outcome: Result<Answer, HTTPClient.Failure>) {
        isActive = false
        onDone(outcome)
    }
}
