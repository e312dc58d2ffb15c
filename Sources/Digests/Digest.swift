internal import CLibcrypto

/// A running SHA-256 or MD5 through the system's libcrypto (OpenSSL 3, `libssl-dev`), which Debian
/// ships ready-built: swift-crypto compiled BoringSSL's ~360 C and assembly files into every fresh
/// build for these two digests (BENCHMARKS.md, "Set-up").
///
/// A value type like the rest of Decant: copies share the libcrypto context until one of them is
/// updated, which then works on its own copy of the state.
public struct Digest: Sendable {
    public enum Algorithm: Sendable {
        case sha256
        case md5

        var digest: OpaquePointer? {
            switch self {
            case .sha256: EVP_sha256()
            case .md5: EVP_md5()
            }
        }
    }

    private var context: Context

    public init(_ algorithm: Algorithm) {
        context = Context(algorithm)
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of everything given so far; the digest can go on being updated.
    public func finalize() -> [UInt8] {
        context.copy().finish()
    }

    /// The digest of `bytes` at once.
    public static func hash(_ algorithm: Algorithm, _ bytes: [UInt8]) -> [UInt8] {
        var digest = Digest(algorithm)
        digest.update(bytes)
        return digest.context.finish()
    }
}

/// The one owner of an `EVP_MD_CTX`, freed when the last digest value holding it goes.
private final class Context: @unchecked Sendable {
    // @unchecked: the context is only touched through `Digest`, which copies it before mutating a
    // shared one, so no two threads ever write the same context.
    let pointer: OpaquePointer
    let algorithm: Digest.Algorithm

    init(_ algorithm: Digest.Algorithm) {
        // Allocation and initialisation fail only when memory does: nothing a caller could act on.
        guard let pointer = EVP_MD_CTX_new() else { fatalError("libcrypto: out of memory for a digest context") }
        guard EVP_DigestInit_ex(pointer, algorithm.digest, nil) == 1 else { fatalError("libcrypto: cannot start \(algorithm)") }
        self.pointer = pointer
        self.algorithm = algorithm
    }

    private init(copying other: Context) {
        guard let pointer = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else {
            fatalError("libcrypto: out of memory for a digest context")
        }
        self.pointer = pointer
        algorithm = other.algorithm
    }

    deinit { EVP_MD_CTX_free(pointer) }

    func copy() -> Context { Context(copying: self) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        _ = EVP_DigestUpdate(pointer, bytes.baseAddress, bytes.count)
    }

    /// Ends this context's digest: it must not be updated afterwards.
    func finish() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(pointer, &out, &length)
        return Array(out.prefix(Int(length)))
    }
}
