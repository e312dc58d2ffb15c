import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A qualified XMP name: the namespace URI, never the prefix (files choose their own prefixes, and a
/// Pixel photo uses the prefix `Container` for two different namespaces).
struct XMPName: Hashable, Sendable {
    var namespace: String
    var name: String
}

/// An element of an XMP packet, with its attributes resolved to namespace URIs.
struct XMPNode: Sendable {
    var name: XMPName
    var attributes: [XMPName: String]
    var children: [XMPNode]
    var text: String

    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    var isDescription: Bool { name == XMPName(namespace: Self.rdf, name: "Description") }

    /// The node's properties whichever way RDF wrote them: attributes (`GDepth:Near="…"`), simple
    /// child elements (`<apdi:IntMaxValue>255</…>`), or either inside a nested `rdf:Description`.
    var properties: [XMPName: String] {
        var out: [XMPName: String] = [:]
        for (key, value) in attributes where key.namespace != Self.rdf { out[key] = value }
        for child in children {
            if child.isDescription {
                for (k, v) in child.properties where out[k] == nil { out[k] = v }
            } else if child.children.isEmpty, child.name.namespace != Self.rdf, out[child.name] == nil {
                out[child.name] = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return out
    }

    /// Every element below (and including) this one, depth first.
    func all(_ name: XMPName) -> [XMPNode] {
        var out: [XMPNode] = self.name == name ? [self] : []
        for child in children { out += child.all(name) }
        return out
    }

    /// The items of an `rdf:Seq`, `rdf:Bag` or `rdf:Alt` held by this property element.
    var listItems: [XMPNode] {
        children.filter { [XMPName(namespace: Self.rdf, name: "Seq"), XMPName(namespace: Self.rdf, name: "Bag"),
                           XMPName(namespace: Self.rdf, name: "Alt")].contains($0.name) }
            .flatMap { $0.children.filter { $0.name == XMPName(namespace: Self.rdf, name: "li") } }
    }
}

/// One or more XMP packets of a file read as one (a JPEG's standard and extended XMP hold parts of
/// the same description). Parsed with Foundation's XML parser; namespace prefixes are resolved here,
/// scope by scope, so a prefix bound twice in one file resolves correctly in each place.
struct XMPDocument: Sendable {
    var roots: [XMPNode]
    /// Set when a packet was not well-formed XML; what was parsed before the fault is kept.
    var problems: [String]

    init(packets: [[UInt8]]) {
        roots = []
        problems = []
        for packet in packets where !packet.isEmpty {
            // Foundation's XML parser on Linux traps on names that are not UTF-8 (a damaged packet),
            // so only valid UTF-8 reaches it.
            guard String(validating: packet, as: UTF8.self) != nil else {
                problems.append("XMP is not valid UTF-8 (damaged); it was ignored")
                continue
            }
            let builder = XMPTreeBuilder()
            let parser = XMLParser(data: Data(packet))
            parser.shouldProcessNamespaces = false
            parser.delegate = builder
            if !parser.parse() {
                problems.append("XMP is not well-formed XML (\(parser.parserError.map { "\($0.localizedDescription)" } ?? "parse error") at line \(parser.lineNumber))")
            } else if builder.isOpen {
                // Foundation's parser on Linux accepts a packet cut short; the open elements tell.
                problems.append("XMP ends inside an element (the packet is cut short)")
            }
            roots += builder.finished()
        }
    }

    var isEmpty: Bool { roots.isEmpty }

    /// All elements with this name, in document order.
    func all(_ namespace: String, _ name: String) -> [XMPNode] {
        roots.flatMap { $0.all(XMPName(namespace: namespace, name: name)) }
    }

    /// The first value of a simple property anywhere in the packets (attribute or element form).
    func value(_ namespace: String, _ name: String) -> String? {
        let key = XMPName(namespace: namespace, name: name)
        for description in roots.flatMap({ $0.all(XMPName(namespace: XMPNode.rdf, name: "Description")) }) {
            if let v = description.attributes[key] { return v }
            if let child = description.children.first(where: { $0.name == key && $0.children.isEmpty }) {
                return child.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }

    func number(_ namespace: String, _ name: String) -> Double? {
        value(namespace, name).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The items of a list property (`rdf:Seq` …) anywhere in the packets, as text.
    func list(_ namespace: String, _ name: String) -> [String]? {
        guard let node = all(namespace, name).first(where: { !$0.listItems.isEmpty }) else { return nil }
        return node.listItems.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}

/// Builds XMPNode trees from parser events, resolving `prefix:name` against the `xmlns:` declarations
/// in scope.
private final class XMPTreeBuilder: NSObject, XMLParserDelegate {
    private struct Open {
        var qualified: String
        var attributes: [String: String]
        var scope: [String: String]
        var children: [XMPNode] = []
        var text = ""
    }
    private var stack: [Open] = []
    private var roots: [XMPNode] = []

    var isOpen: Bool { !stack.isEmpty }

    func finished() -> [XMPNode] {
        // A packet cut short still yields the elements that were opened.
        while !stack.isEmpty { close() }
        return roots
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        var scope = stack.last?.scope ?? [:]
        for (key, value) in attributeDict {
            if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
        }
        stack.append(Open(qualified: elementName, attributes: attributeDict, scope: scope))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        close()
    }

    private func close() {
        guard let open = stack.popLast() else { return }
        func resolve(_ qualified: String, isAttribute: Bool) -> XMPName {
            if let colon = qualified.firstIndex(of: ":") {
                let prefix = String(qualified[..<colon])
                return XMPName(namespace: open.scope[prefix] ?? prefix, name: String(qualified[qualified.index(after: colon)...]))
            }
            // Unprefixed attributes have no namespace; unprefixed elements take the default one.
            return XMPName(namespace: isAttribute ? "" : (open.scope[""] ?? ""), name: qualified)
        }
        var attributes: [XMPName: String] = [:]
        for (key, value) in open.attributes where key != "xmlns" && !key.hasPrefix("xmlns:") {
            attributes[resolve(key, isAttribute: true)] = value
        }
        let node = XMPNode(name: resolve(open.qualified, isAttribute: false), attributes: attributes,
                           children: open.children, text: open.text)
        if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
    }
}
