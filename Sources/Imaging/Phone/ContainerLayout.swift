/// Where the items of a Dynamic Depth / GContainer directory lie in the file. Items follow the
/// primary JPEG in directory order; readers and writers disagree on whether `Item:Padding` is
/// counted inside `Item:Length` (Android's own library checks Length > Padding, the GContainer
/// documents put padding after the item), and a primary's end is only known by parsing it. So every
/// reading is tried — forward from the primary's EOI and backward from the end of the file, padding
/// inside and outside — and the first whose bytes start like the item's image type wins.
enum ContainerLayout {
    static func locate(_ items: [DynamicDepthXMP.ContainerItem], index: Int, in bytes: [UInt8],
                       primaryEnd: Int?) -> Range<Int>? {
        guard index > 0, index < items.count else { return nil }
        let fileSize = bytes.count
        var candidates: [Range<Int>] = []
        func add(_ start: Int, _ length: Int) {
            guard start >= 0, length > 0, start + length <= fileSize else { return }
            candidates.append(start..<(start + length))
        }
        let target = items[index]
        // A depth item without a length can only be the last one: it runs to the end of the file.
        let length = target.length > 0 ? target.length : (index == items.count - 1 ? nil : 0)
        for paddingInside in [false, true] {
            if let primaryEnd {
                var start = primaryEnd + max(0, items[0].padding)
                for j in 1..<index { start += items[j].length + (paddingInside ? 0 : max(0, items[j].padding)) }
                add(start, length ?? (fileSize - start))
            }
            if let length, length > 0 {
                var end = fileSize
                for j in stride(from: items.count - 1, to: index, by: -1) {
                    end -= items[j].length + (paddingInside ? 0 : max(0, items[j].padding))
                }
                if !paddingInside { end -= max(0, target.padding) }
                add(end - length, length)
            }
        }
        var seen = Set<Int>()
        for range in candidates where seen.insert(range.lowerBound).inserted {
            if startsLikeImage(bytes, at: range.lowerBound) { return range }
        }
        return nil
    }

    /// JPEG (FF D8 FF) or PNG signature at `offset`.
    static func startsLikeImage(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0 else { return false }
        if offset + 3 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8, bytes[offset + 2] == 0xFF { return true }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return offset + 8 <= bytes.count && bytes[offset..<(offset + 8)].elementsEqual(png)
    }
}
