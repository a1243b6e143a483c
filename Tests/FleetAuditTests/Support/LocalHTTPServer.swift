import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for the URL-config tests: each path answers as
/// the route table says; `hang` accepts the connection and never answers.
final class LocalHTTPServer: @unchecked Sendable {
    enum Route {
        case respond(status: Int, contentType: String, body: [UInt8])
        case redirect(to: String)
        case hang
        /// `bytes` bytes of JSON-ish spaces with no Content-Length, written as they are made (nothing held).
        case stream(bytes: Int)
        /// This status line and these header lines, then `body` (whatever the headers say), then close.
        case raw(head: [String], body: [UInt8])
        /// Headers declaring `contentLength` bytes, then nothing, the connection held open.
        case declareAndHang(contentLength: Int)
    }

    /// Every request's head as received, in order.
    var received: [String] {
        lock.lock()
        defer { lock.unlock() }
        return heads
    }
    private var heads: [String] = []

    let port: UInt16
    private let socketFD: Int32
    private let routes: [String: Route]
    private var open: [Int32] = []
    private let lock = NSLock()

    init(routes: [String: Route]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        lock.lock()
        for fd in open {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
        open = []
        lock.unlock()
    }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 {
                close(client)
                return
            }
            request += buffer[0..<n]
        }
        lock.lock()
        heads.append(String(decoding: request, as: UTF8.self))
        lock.unlock()
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch routes[path] ?? .respond(status: 404, contentType: "text/plain", body: Array("not found".utf8)) {
        case .hang:
            lock.lock()
            open.append(client)
            lock.unlock()
            return
        case .redirect(let target):
            send(
                client, "HTTP/1.1 302 Found\r\nLocation: \(target)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                [])
        case .respond(let status, let type, let body):
            send(
                client,
                "HTTP/1.1 \(status) X\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n",
                body)
        case .raw(let head, let body):
            send(client, head.joined(separator: "\r\n") + "\r\n\r\n", body)
        case .declareAndHang(let length):
            send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n", [])
            lock.lock()
            open.append(client)
            lock.unlock()
            return
        case .stream(let total):
            send(client, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", [])
            let chunk = [UInt8](repeating: 0x20, count: 1 << 16)
            var sent = 0
            while sent < total, write(chunk, to: client) { sent += chunk.count }
        }
        close(client)
    }

    private func send(_ client: Int32, _ head: String, _ body: [UInt8]) {
        _ = write(Array(head.utf8) + body, to: client)
    }

    /// Writes all of `bytes`; false once the client has gone (MSG_NOSIGNAL: no SIGPIPE for the test process).
    private func write(_ bytes: [UInt8], to client: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}

extension Array where Element == UInt8 {
    fileprivate var containsHeaderEnd: Bool {
        count >= 4
            && (0...(count - 4)).contains {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            }
    }
}
