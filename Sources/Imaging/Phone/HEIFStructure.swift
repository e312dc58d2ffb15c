/// The item table of a HEIF file's `meta` box: items, their properties, references and locations.
/// Read alongside libheif (which decodes the pixels) for what its 1.15 API does not expose: the
/// transformations of each item, the `auxC` subtype bytes (depth representation for the MPEG-B depth
/// type, which libheif 1.15 does not take for depth), and an item's coded bytes for the writer.
struct HEIFStructure: Sendable {
    struct Item: Sendable, Equatable {
        var id: UInt32
        var type: String
        var name: String
        var contentType: String
        var hidden: Bool
    }

    /// A property box of `ipco` (`index` counts from 1, as `ipma` refers to it).
    struct Property: Sendable, Equatable {
        var index: Int
        var box: ISOBox
        var essential: Bool
    }

    struct Reference: Sendable, Equatable {
        var type: String
        var from: UInt32
        var to: [UInt32]
    }

    struct Location: Sendable, Equatable {
        var constructionMethod: Int
        var baseOffset: Int
        var extents: [(offset: Int, length: Int)]

        static func == (a: Location, b: Location) -> Bool {
            a.constructionMethod == b.constructionMethod && a.baseOffset == b.baseOffset
                && a.extents.elementsEqual(b.extents) { $0.offset == $1.offset && $0.length == $1.length }
        }
    }

    var majorBrand = ""
    var compatibleBrands: [String] = []
    var primaryID: UInt32?
    var items: [UInt32: Item] = [:]
    var itemOrder: [UInt32] = []
    var propertyBoxes: [ISOBox] = []
    var associations: [UInt32: [(index: Int, essential: Bool)]] = [:]
    var references: [Reference] = []
    var locations: [UInt32: Location] = [:]
    /// Payload range of the `idat` box (data of items stored with construction method 1).
    var itemData: Range<Int>?

    /// Nil when the bytes hold no `meta` box at the top level (not a HEIF file, or damaged beyond use).
    static func parse(_ bytes: [UInt8]) -> HEIFStructure? {
        let top = ISOBox.boxes(in: bytes, range: 0..<bytes.count)
        guard let meta = top.first(where: { $0.type == "meta" }) else { return nil }
        var s = HEIFStructure()
        if let ftyp = top.first(where: { $0.type == "ftyp" }), ftyp.payload.count >= 8 {
            s.majorBrand = ISOBox.fourCC(bytes, ftyp.payload.lowerBound)
            var i = ftyp.payload.lowerBound + 8
            while i + 4 <= ftyp.payload.upperBound { s.compatibleBrands.append(ISOBox.fourCC(bytes, i)); i += 4 }
        }
        for box in meta.children(in: bytes, skip: 4) {
            switch box.type {
            case "pitm": s.readPrimary(box, bytes)
            case "iinf": s.readItemInfo(box, bytes)
            case "iref": s.readReferences(box, bytes)
            case "iloc": s.readLocations(box, bytes)
            case "idat": s.itemData = box.payload
            case "iprp":
                for child in box.children(in: bytes) {
                    if child.type == "ipco" { s.propertyBoxes = child.children(in: bytes) }
                    if child.type == "ipma" { s.readAssociations(child, bytes) }
                }
            default: break
            }
        }
        return s
    }

    /// The item's properties in association order (transformations apply in this order).
    func properties(of id: UInt32) -> [Property] {
        (associations[id] ?? []).compactMap { a in
            guard a.index >= 1, a.index <= propertyBoxes.count else { return nil }
            return Property(index: a.index, box: propertyBoxes[a.index - 1], essential: a.essential)
        }
    }

    func property(_ type: String, of id: UInt32) -> ISOBox? {
        properties(of: id).first { $0.box.type == type }?.box
    }

    /// Items that `type`-reference `id` (e.g. the `auxl` images of a primary, the `cdsc` metadata of an item).
    func items(referencing id: UInt32, type: String) -> [UInt32] {
        references.filter { $0.type == type && $0.to.contains(id) }.map(\.from)
    }

    /// The item's coded bytes (extents concatenated), or nil when they lie outside the file.
    func data(of id: UInt32, in bytes: [UInt8]) -> [UInt8]? {
        guard let location = locations[id] else { return nil }
        var out: [UInt8] = []
        for extent in location.extents {
            let start: Int
            switch location.constructionMethod {
            case 0: start = location.baseOffset + extent.offset
            case 1:
                guard let idat = itemData else { return nil }
                start = idat.lowerBound + location.baseOffset + extent.offset
            default: return nil
            }
            // A zero length means "to the end of the file" (or of idat).
            let limit = location.constructionMethod == 1 ? (itemData?.upperBound ?? 0) : bytes.count
            let length = extent.length == 0 ? limit - start : extent.length
            guard start >= 0, length >= 0, start + length <= limit else { return nil }
            out += bytes[start..<(start + length)]
        }
        return out
    }

    private mutating func readPrimary(_ box: ISOBox, _ bytes: [UInt8]) {
        var c = ByteCursor(bytes, from: box.payload.lowerBound + 4, to: box.payload.upperBound)
        if let id = c.uint(box.version(in: bytes) == 0 ? 2 : 4) { primaryID = UInt32(id) }
    }

    private mutating func readItemInfo(_ box: ISOBox, _ bytes: [UInt8]) {
        let countSize = box.version(in: bytes) == 0 ? 2 : 4
        guard box.payload.count >= 4 + countSize else { return }
        for infe in ISOBox.boxes(in: bytes, range: (box.payload.lowerBound + 4 + countSize)..<box.payload.upperBound)
        where infe.type == "infe" {
            let version = infe.version(in: bytes)
            guard version >= 2 else { continue }
            var c = ByteCursor(bytes, from: infe.payload.lowerBound + 4, to: infe.payload.upperBound)
            guard let id = c.uint(version == 2 ? 2 : 4), c.skip(2), let type = c.fourCC() else { continue }
            let name = c.cString()
            let contentType = type == "mime" ? c.cString() : ""
            let item = Item(id: UInt32(id), type: type, name: name, contentType: contentType,
                            hidden: infe.flags(in: bytes) & 1 == 1)
            if items[item.id] == nil { itemOrder.append(item.id) }
            items[item.id] = item
        }
    }

    private mutating func readReferences(_ box: ISOBox, _ bytes: [UInt8]) {
        let idSize = box.version(in: bytes) == 0 ? 2 : 4
        for ref in box.children(in: bytes, skip: 4) {
            var c = ByteCursor(bytes, range: ref.payload)
            guard let from = c.uint(idSize), let count = c.int(2) else { continue }
            var to: [UInt32] = []
            for _ in 0..<count { if let id = c.uint(idSize) { to.append(UInt32(id)) } }
            references.append(Reference(type: ref.type, from: UInt32(from), to: to))
        }
    }

    private mutating func readLocations(_ box: ISOBox, _ bytes: [UInt8]) {
        let version = box.version(in: bytes)
        var c = ByteCursor(bytes, from: box.payload.lowerBound + 4, to: box.payload.upperBound)
        guard let sizes = c.int(1), let sizes2 = c.int(1) else { return }
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseOffsetSize = sizes2 >> 4
        let indexSize = version >= 1 ? sizes2 & 15 : 0
        guard let count = c.int(version < 2 ? 2 : 4) else { return }
        for _ in 0..<count {
            guard let id = c.uint(version < 2 ? 2 : 4) else { return }
            var method = 0
            if version >= 1 { guard let m = c.int(2) else { return }; method = m & 15 }
            guard c.skip(2), let base = c.int(baseOffsetSize), let extentCount = c.int(2) else { return }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                if indexSize > 0 { guard c.skip(indexSize) else { return } }
                guard let offset = c.int(offsetSize), let length = c.int(lengthSize) else { return }
                extents.append((offset, length))
            }
            locations[UInt32(id)] = Location(constructionMethod: method, baseOffset: base, extents: extents)
        }
    }

    private mutating func readAssociations(_ box: ISOBox, _ bytes: [UInt8]) {
        let version = box.version(in: bytes), wide = box.flags(in: bytes) & 1 == 1
        var c = ByteCursor(bytes, from: box.payload.lowerBound + 4, to: box.payload.upperBound)
        guard let count = c.int(4) else { return }
        for _ in 0..<count {
            guard let id = c.uint(version < 1 ? 2 : 4), let n = c.int(1) else { return }
            var list: [(index: Int, essential: Bool)] = []
            for _ in 0..<n {
                guard let v = c.int(wide ? 2 : 1) else { return }
                let top = wide ? 0x8000 : 0x80
                list.append((v & (top - 1), v & top != 0))
            }
            associations[UInt32(id), default: []] += list
        }
    }
}
