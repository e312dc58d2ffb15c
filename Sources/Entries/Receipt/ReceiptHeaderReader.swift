import Foundation

/// Reads the block a receipt starts with: who sold (merchant), where (address), and the numbers
/// that identify them (phone, company and tax registrations).
struct ReceiptHeaderReader {
    struct Header: Equatable {
        var merchant: String?
        var merchantLines: [Int] = []
        var address: String?
        var addressLines: [Int] = []
    }

    /// Legal forms: a line carrying one is almost always the merchant's registered name.
    static let legalForms = ReceiptVocabulary.phrases(
        "sdn bhd,s b,sb,bhd,sdn,berhad,plt,llp,ltd,limited,llc,inc,corp,corporation,gmbh,ag,ohg,sarl,srl,s r l,spa,s p a,s a,s l,ltda,pte,pty,pvt,plc,company,co ltd,sas,bv,bvba,nv,oy,oyj")
    /// Words of trade names: weaker than a legal form, still a sign of a name rather than an address.
    static let businessWords = ReceiptVocabulary.phrases(
        "enterprise,enterprises,trading,restaurant,restoran,cafe,café,kedai,store,stores,mart,market,supermarket,minimarket,pharmacy,farmasi,bakery,bakeries,hardware,bookstore,bookstores,books,book,stationery,shop,holdings,industries,services,machinery,electrical,petrol,hotel,bistro,kitchen,pasaraya,pasar,niaga,perniagaan,syarikat,hypermarket,boutique,gallery,healthcare,clinic,trattoria,brasserie,pizzeria,deli,wines,cellars,vintners,liquor,grocer,grocery,confectionery,furnishing,distributor,marketing")
    /// Words that continue a name from the line above when a line starts with them.
    static let continuationWords = ReceiptVocabulary.phrases(
        "enterprise,enterprises,trading,holdings,industries,services,marketing,distributor,distributors,co,company,corporation,sdn,bhd,berhad,plt,ltd,limited,inc,llc,gmbh,and")
    /// Title lines printed under or above the name: never the merchant, and they end the address.
    static let titleWords = ReceiptVocabulary.phrases(
        "tax invoice,invoice,receipt,simplified,official,cash bill,cash sales,bill,welcome,thank,thanks,copy,duplicate,reprint,quotation,delivery,statement,order,facture,rechnung,quittung,ricevuta,factura,ticket")
    /// Address words in the languages Decant reads, with Malaysian and other common abbreviations.
    static let addressWords = Set(
        ("street st road rd avenue ave av blvd boulevard lane ln drive dr highway hwy suite ste floor flr fl level lvl lot no unit block blk " +
         "building bldg plaza mall centre center complex tower wisma jalan jln taman tmn bandar bdr kawasan seksyen section persiaran " +
         "lorong lrg kampung kg batu pusat perindustrian industrial park square sq court ct place pl way terrace rue allée chemin " +
         "boulevard strasse straße str platz weg gasse via viale piazza corso calle avenida plaza carrer rua postcode zip po box " +
         "city town malaysia selangor johor kuala lumpur penang pinang perak kedah kelantan terengganu pahang melaka sabah sarawak " +
         "negeri sembilan perlis putrajaya labuan darul ehsan takzim singapore").split(separator: " ").map(String.init))
    /// Labels that start the lines after an address: contact and registration details, titles, the bill.
    static let stopWords = ReceiptVocabulary.phrases(
        "tel,telephone,phone,ph,fax,hp,h p,mobile,mob,email,e mail,www,http,website,gst,sst,vat,tax,reg,registration,co reg,co no,company no,roc,brn,cashier,date,time,doc,table,counter,abn,tin,siret,ust,mwst,iva,btw,pos,terminal,member,operator,staff")

    /// The header: merchant and address from the lines before the bill starts (`end`).
    static func read(_ lines: [ReceiptLine], end: Int) -> Header {
        var header = Header()
        // The name and address are printed at the top: never past the middle of the receipt.
        let limit = min(lines.count, max(end, min(lines.count, 3)), 14, max(8, (lines.count + 1) / 2))
        var region = Array(lines[..<limit])
        // "Owned by: XYZ SDN BHD" names the company behind the shop, not the shop.
        let ownerLabel = ReceiptVocabulary.phrases("owned by,operated by,a member of,managed by,dimiliki oleh,milik")
        // "Owned By :" loses letters to OCR ("ned By :"): a short line ending in "by" is the label too.
        func isOwnerLabel(_ words: [String]) -> Bool {
            ReceiptVocabulary.containsAny(words, ownerLabel) || words.count >= 2 && words.last == "by"
        }
        var candidates = region.indices.filter { i in
            isNameCandidate(region[i]) && !ReceiptVocabulary.containsAny(ReceiptVocabulary.words(region[i].text), ownerLabel)
                && !(i > 0 && isOwnerLabel(ReceiptVocabulary.words(region[i - 1].text))
                     && ReceiptVocabulary.words(region[i - 1].text).count <= 3)
        }
        // A business sets its name in capitals or initial capitals; a line with no capital letter at
        // all is something else written on the slip (a customer's or cashier's name, a slogan).
        // Scripts without case (Chinese, Thai) are not judged by it.
        let lowercaseOnly = { (text: String) in text.contains(where: \.isLowercase) && !text.contains(where: \.isUppercase) }
        let capitalized = candidates.filter { !lowercaseOnly(region[$0].text) }
        if !capitalized.isEmpty { candidates = capitalized }
        // The merchant: the first line with a legal form, else one with a trade word, else the line
        // printed largest, or the first that reads as a name, above the street address: a plain line
        // below it ("SUNWAY VELOCITY" under "No 8, Jalan 7/118B") names a branch, not the merchant.
        let firstStreet = region.indices.first { hasStreetCue(region[$0]) } ?? region.count
        let merchantIndex = candidates.first { hasLegalForm(region[$0]) }
            ?? candidates.first { ReceiptVocabulary.containsAny(ReceiptVocabulary.words(region[$0].text), businessWords) && !hasStreetCue(region[$0]) }
            ?? largestPrint(candidates.filter { $0 < firstStreet }.map { region[$0] }).flatMap { line in
                candidates.first { region[$0].index == line.index }
            }
            ?? candidates.first { $0 < firstStreet }
        var addressFrom = 0
        if let m = merchantIndex {
            var nameLines = [m]
            // "PASARAYA BORONG PINTAR" / "SDN BHD", "AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD":
            // a name printed over several lines, recognized by a legal form with no name before it, an
            // unclosed bracket, or a line that starts with a trade word.
            while let top = nameLines.first, top > 0, nameLines.count < 3 {
                // A line holding only its legal form or trade words ("CO. (M) SDN BHD", "RESTAURANT SDN BHD")
                // has its name above it, past a speck of logo read as a line ("™").
                let generic = nameLines.count == 1 && (namePartBeforeLegalFormIsEmpty(region[top]) || namePartIsGeneric(region[top]))
                let above = generic && top > 1 && !candidates.contains(top - 1) && isGarbage(region[top - 1]) ? top - 2 : top - 1
                guard candidates.contains(above), !hasStreetCue(region[above]), !hasLegalForm(region[above]) else { break }
                let text = nameLines.map { region[$0].text }.joined(separator: " ")
                let unbalanced = text.filter { $0 == "(" }.count != text.filter { $0 == ")" }.count
                let firstWord = ReceiptVocabulary.words(region[top].text).first ?? ""
                let startsWithTradeWord = ReceiptVocabulary.containsAny([firstWord], continuationWords)
                guard unbalanced || startsWithTradeWord || generic else { break }
                nameLines.insert(above, at: 0)
            }
            // A name broken after a conjunction: "HOME MASTER HARDWARE &" / "ELECTRICAL".
            if let top = nameLines.first, top > 0, ["&", "and"].contains(region[top - 1].tokens.last?.lowercased() ?? ""),
               region[top - 1].letterCount >= 3, !hasStreetCue(region[top - 1]) {
                nameLines.insert(top - 1, at: 0)
            }
            let lastToken = region[m].tokens.last?.lowercased() ?? ""
            if ["&", "and", "of", "-", "+"].contains(lastToken), m + 1 < region.count, isNameCandidate(region[m + 1]) {
                nameLines.append(m + 1)
            } else if !hasLegalForm(region[m]), m + 1 < region.count, isContinuationOnly(region[m + 1]) {
                // "TSH POWER HARDWARE" / "TRADING": the trade or legal form printed on a line of its own below.
                nameLines.append(m + 1)
            }
            nameLines.sort()
            let name = cleanMerchant(nameLines.map { region[$0] })
            header.merchant = name.isEmpty ? nil : name
            header.merchantLines = nameLines.map { region[$0].index }
            addressFrom = (nameLines.last ?? m) + 1
        }
        // The address: of the runs of lines between labels (phone, tax numbers, titles, dates), the one
        // that reads most like an address; leading lines without any address cue (a branch name) dropped.
        // What looked like the start of the bill above the name ("For staff: …", a stamped number)
        // was not: the address is looked for below the name, up to where the bill starts after it.
        if let m = merchantIndex, end <= m + 1 {
            let after = Array(lines[(m + 1)...])
            let billStart = m + 1 + ReceiptParser.headerEnd(after)
            let addressLimit = min(lines.count, max(billStart, m + 4), 14, max(8, (lines.count + 1) / 2))
            if addressLimit > region.count { region = Array(lines[..<addressLimit]) }
        }
        var best = bestAddress(region, from: addressFrom, to: region.count)
        // An address printed above the name ("UNIT 105, BLOCK A, …" / "MAJU MART SB").
        if best == nil, let first = header.merchantLines.first.flatMap({ i in region.firstIndex { $0.index == i } }), first > 0 {
            best = bestAddress(region, from: 0, to: first)
        }
        if let best {
            let address = best.map { addressPart(region[$0].text) }.filter { !$0.isEmpty }.joined(separator: " ")
            header.address = address.isEmpty ? nil : address
            header.addressLines = best.map { region[$0].index }
        }
        return header
    }

    /// Of the runs of lines between labels (phone, tax numbers, titles, dates) in `from..<to`, the
    /// one that reads most like an address; nil when none does.
    static func bestAddress(_ region: [ReceiptLine], from: Int, to: Int) -> [Int]? {
        guard from < to else { return nil }
        var blocks: [[Int]] = [[]]
        for i in from..<to {
            let line = region[i]
            let words = ReceiptVocabulary.words(line.text)
            let dated = !DateReader.dates(in: line.text).isEmpty
            if isStopLine(words) || isRegistrationOnly(line.text) || dated || isGarbage(line) || line.amount != nil {
                // "40170 SETIA ALAM TEL: 03-…": what comes before the label still belongs to the address.
                let part = addressPart(line.text)
                if !dated, !part.isEmpty, part != line.text, !blocks[blocks.count - 1].isEmpty,
                   hasAddressCue(ReceiptLine(index: line.index, text: part)) {
                    blocks[blocks.count - 1].append(i)
                }
                blocks.append([])
                continue
            }
            blocks[blocks.count - 1].append(i)
        }
        var best: (lines: [Int], score: Double)?
        for var block in blocks where !block.isEmpty {
            while let first = block.first, block.count > 1, !hasAddressCue(region[first]) { block.removeFirst() }
            // Past the postcode, a line with no address cue names the branch or the mall ("SUNWAY VELOCITY").
            while let last = block.last, block.count > 1, !hasAddressCue(region[last]),
                  block.dropLast().contains(where: { hasPostcode(region[$0]) }) { block.removeLast() }
            let score = block.reduce(0.0) { $0 + addressScore(region[$1]) }
            if score >= 1, score > (best?.score ?? -1) { best = (Array(block.prefix(6)), score) }
        }
        return best?.lines
    }

    static func hasLegalForm(_ line: ReceiptLine) -> Bool {
        ReceiptVocabulary.containsAny(ReceiptVocabulary.words(fixLegalForms(line.text)), legalForms)
    }

    /// True when a line holds little more than its legal form: "SDN BHD", "CO. (M) SDN BHD (113825-W)".
    static func namePartBeforeLegalFormIsEmpty(_ line: ReceiptLine) -> Bool {
        let words = ReceiptVocabulary.words(fixLegalForms(line.text))
        guard let start = words.indices.first(where: { i in legalForms.contains { ReceiptVocabulary.contains(Array(words[i...]), $0) && words[i] == $0[0] } }) else {
            return false
        }
        let before = words[..<start]
        return before.allSatisfy { $0.count <= 2 || $0 == "co" }
    }

    /// True when the words before a line's legal form are all trade words ("RESTAURANT SDN BHD"):
    /// the form of a name without the name.
    static func namePartIsGeneric(_ line: ReceiptLine) -> Bool {
        let words = ReceiptVocabulary.words(fixLegalForms(line.text))
        guard let start = words.indices.first(where: { i in legalForms.contains { ReceiptVocabulary.contains(Array(words[i...]), $0) && words[i] == $0[0] } }),
              start > 0 else { return false }
        return words[..<start].allSatisfy { ReceiptVocabulary.containsAny([$0], businessWords) || ReceiptVocabulary.containsAny([$0], continuationWords) }
    }

    /// A line of nothing but trade and legal-form words ("TRADING", "ENTERPRISE", "SDN BHD"): the end of
    /// the name printed above it.
    static func isContinuationOnly(_ line: ReceiptLine) -> Bool {
        let words = ReceiptVocabulary.words(fixLegalForms(line.text))
        guard !words.isEmpty, words.count <= 3, !isGarbage(line) else { return false }
        return words.allSatisfy { ReceiptVocabulary.containsAny([$0], continuationWords) }
    }

    /// The line printed clearly larger than the others (its box at least 1.3 times the height of
    /// every other one): a shop name without legal form or trade word is set in the largest type
    /// of its header, while a cashier's or owner's name above it is not. Nil when no line stands
    /// out, or the lines carry no boxes (plain text).
    static func largestPrint(_ lines: [ReceiptLine]) -> ReceiptLine? {
        guard lines.count >= 2, let tallest = lines.max(by: { $0.box.height < $1.box.height }), tallest.box.height > 0 else { return nil }
        let others = lines.filter { $0.index != tallest.index }.map(\.box.height)
        return others.allSatisfy({ Double(tallest.box.height) >= 1.3 * Double($0) }) ? tallest : nil
    }

    /// How much a line reads like an address: street words, postcodes, house numbers.
    static func addressScore(_ line: ReceiptLine) -> Double {
        let words = ReceiptVocabulary.words(line.text)
        var score = Double(words.filter(addressWords.contains).count)
        let numbers = line.text.split { !$0.isNumber }
        if numbers.contains(where: { $0.count == 5 || $0.count == 4 && line.text.count > 10 }) { score += 1.5 }
        if !numbers.isEmpty { score += 0.5 }
        return score
    }

    /// A five-digit number standing alone: the Malaysian, German, French, US … postcode.
    static func hasPostcode(_ line: ReceiptLine) -> Bool {
        line.text.split { !$0.isNumber }.contains { $0.count == 5 }
    }

    /// Street-level address words or a postcode: a line with these is an address, not a name.
    static func hasStreetCue(_ line: ReceiptLine) -> Bool {
        let weak: Set<String> = ["city", "town", "mall", "plaza", "centre", "center", "square", "park", "tower", "complex",
                                 "court", "place", "building", "malaysia", "singapore"]
        let words = ReceiptVocabulary.words(line.text)
        if words.contains(where: { addressWords.contains($0) && !weak.contains($0) }) { return true }
        return line.text.split { !$0.isNumber }.contains { $0.count == 5 }
    }

    /// A line that can be a name: enough letters, mostly letters, not a title, label or OCR noise.
    /// Lines that are only bill titles or footer phrases: "CASH", "CASH BILL", "GOODS SOLD ARE NOT RETURNABLE".
    static let titleOnlyWords: Set<String> = ["cash", "bill", "sales", "sale", "receipt", "invoice", "tax", "simplified", "official",
                                              "copy", "customer", "merchant", "duplicate", "credit", "card", "counter"]
    static let footerWords = ReceiptVocabulary.phrases("goods sold,thank you,returnable,refundable,exchangeable,come again,visit us,powered by")

    static func isNameCandidate(_ line: ReceiptLine) -> Bool {
        guard !isGarbage(line) else { return false }
        let words = ReceiptVocabulary.words(line.text)
        if words.allSatisfy(titleOnlyWords.contains) || ReceiptVocabulary.containsAny(words, footerWords) { return false }
        if ReceiptVocabulary.containsAny(words, titleWords) && !ReceiptVocabulary.containsAny(words, legalForms) { return false }
        if isStopLine(words) { return false }
        if !DateReader.dates(in: line.text).isEmpty || line.amount != nil { return false }
        // "Company Reg No. :SA0371195-F" read with its label damaged ("Gompany Rag No."): a number
        // label and a long number make a registration line, whatever the legal form in it says.
        if words.contains("no"), line.text.split(whereSeparator: { !$0.isNumber }).contains(where: { $0.count >= 6 }) { return false }
        return true
    }

    /// Noise OCR makes of logos, stamps and specks: few letters, mostly symbols, or short fragments.
    static func isGarbage(_ line: ReceiptLine) -> Bool {
        let visible = line.text.filter { !$0.isWhitespace }
        let letters = visible.filter(\.isLetter).count
        let alnum = visible.filter { $0.isLetter || $0.isNumber }.count
        guard letters >= 3, Double(alnum) >= 0.6 * Double(visible.count) else { return true }
        let longest = ReceiptVocabulary.words(line.text).map(\.count).max() ?? 0
        if longest < 3 { return true }
        if !line.wordConfidences.isEmpty && line.confidence < 45 { return true }
        return false
    }

    static func hasAddressCue(_ line: ReceiptLine) -> Bool {
        let words = ReceiptVocabulary.words(line.text)
        if words.contains(where: addressWords.contains) { return true }
        // House numbers and postcodes.
        return line.text.contains { $0.isNumber } && line.letterCount >= 3
    }

    static func isStopLine(_ words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        if ReceiptVocabulary.containsAny(words, titleWords) && words.count <= 4 { return true }
        // A label counts when it opens the line or follows the first word ("(GST ID", "Co. Reg").
        return stopWords.contains { phrase in
            ReceiptVocabulary.contains(Array(words.prefix(phrase.count + 1)), phrase) && (phrase.count > 1 || phrase[0].count >= 2)
        }
    }

    private static let registrationLine = DateReader.regex(#"^[\s(\[]*(?:co\.?\s*(?:reg|no)\.?\s*(?:no\.?)?\s*[:.]?\s*)?\d{4,12}\s?-?\s?[a-z][\s)\]]*$"#)

    /// "(001451637-M)", "Co. No. 113825-W": a company number on its own line.
    static func isRegistrationOnly(_ text: String) -> Bool {
        registrationLine.firstMatch(in: text) != nil
    }

    private static let inlineLabel = DateReader.regex(#"\b(tel|phone|fax|h/p|hp|email|e-mail|gst|sst|vat)\b.*$"#)

    /// The address part of a line: what comes before a contact or tax label printed on the same line.
    static func addressPart(_ text: String) -> String {
        let ns = text as NSString
        guard let m = inlineLabel.firstMatch(in: text) else { return text }
        return ns.substring(to: m.range.location).trimmingCharacters(in: CharacterSet(charactersIn: " ,;:-|"))
    }

    /// The merchant's name from its line: OCR slips in the legal form mended, noise words at the
    /// edges dropped, and what follows the legal form (registration numbers, branch codes) cut off.
    static func cleanMerchant(_ lines: [ReceiptLine]) -> String {
        let fixed = fixLegalForms(lines.map(\.text).joined(separator: " ")).split(separator: " ").map(String.init)
        let allConfidences = lines.flatMap(\.wordConfidences)
        var pairs = zip(fixed, allConfidences.count == fixed.count ? allConfidences : Array(repeating: 100, count: fixed.count))
            .map { (token: $0.0, confidence: $0.1) }
        // Low-confidence fragments at the edges ("Be TRI SHAAS SDN BHD", "… RESTAURANT LO") are specks read as letters.
        while pairs.count > 2, let first = pairs.first, first.confidence < 40, first.token.count <= 3 { pairs.removeFirst() }
        while pairs.count > 2, let last = pairs.last, last.confidence < 50, last.token.count <= 3,
              !legalForms.contains(where: { $0 == ReceiptVocabulary.words(last.token) }) {
            pairs.removeLast()
        }
        // Typography OCR varies: curly quotes, braces for brackets, a bracket glued to the word before it.
        var tokens: [String] = []
        for pair in pairs {
            var t = pair.token
            for (from, to) in [("’", "'"), ("‘", "'"), ("`", "'"), ("“", "\""), ("”", "\""), ("{", "("), ("}", ")")] {
                t = t.replacingOccurrences(of: from, with: to)
            }
            // "SDN' BHD": a speck read as an apostrophe after a legal form.
            let bare = t.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            if bare != t, legalForms.contains(where: { $0 == ReceiptVocabulary.words(bare) }) { t = bare }
            if let open = t.firstIndex(of: "("), open != t.startIndex, t[t.index(before: open)].isLetter || t[t.index(before: open)].isNumber {
                tokens.append(String(t[..<open]))
                tokens.append(String(t[open...]))
            } else {
                tokens.append(t)
            }
        }
        tokens = tokens.map(fixLookAlikes).map(fixTradeWord)
        // Cut after the legal form a registration number follows ("MYNEWS RETAIL SB (306295-X) FKA
        // BISON STORES SB": the number closes the registered name), else after the last legal form.
        let words = tokens.map { ReceiptVocabulary.words($0) }
        var cut: Int?
        for end in 1..<max(1, tokens.count) where isRegistrationOnly(tokens[end]) && endsWithLegalForm(Array(words[..<end])) {
            cut = end
            break
        }
        for end in stride(from: tokens.count, to: 0, by: -1) where cut == nil {
            let tail = Array(words[..<end].joined().suffix(2))
            let lastWords = words[end - 1]
            guard !lastWords.isEmpty else { continue }
            if legalForms.contains(where: { phrase in tail.count >= phrase.count && Array(tail.suffix(phrase.count)) == phrase
                && phrase.last == lastWords.last }) {
                cut = end
                break
            }
        }
        if let cut { tokens = Array(tokens[..<cut]) }
        // Registration numbers and noise left at the end: "(139386 X)", "273500-U", "i", "<".
        while let last = tokens.last, tokens.count > 1,
              isRegistrationOnly(last) || isSpeck(last) || last.hasPrefix("(") && last.contains(where: \.isNumber) {
            tokens.removeLast()
        }
        while let first = tokens.first, tokens.count > 1, first.filter({ $0.isLetter || $0.isNumber }).isEmpty { tokens.removeFirst() }
        // A lone stroke before the name ("i KAISON FURNISHING", "I 99 SPEED MART"): the edge of a
        // logo or a speck read as a letter.
        if tokens.count >= 3, ["i", "I", "l", "|", "!"].contains(tokens[0]) { tokens.removeFirst() }
        // An underscore is never printed in a name: it is a space OCR filled ("HANDEL_SDN BHD").
        var name = tokens.joined(separator: " ").replacingOccurrences(of: "_", with: " ")
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:|<>«»~*-_'\"‘’“”"))
        return name
    }

    /// Whether the words end with a legal form ("… RETAIL SB").
    static func endsWithLegalForm(_ words: [[String]]) -> Bool {
        guard let lastWords = words.last, !lastWords.isEmpty else { return false }
        let tail = Array(words.joined().suffix(3))
        return legalForms.contains { phrase in tail.count >= phrase.count && Array(tail.suffix(phrase.count)) == phrase }
    }

    /// A token of one letter or sign at the end of a name is a speck read as a letter ("i", "<");
    /// a lone digit is a branch number ("BHPetrol Permas Jaya 2") and stays.
    static func isSpeck(_ token: String) -> Bool {
        let core = token.filter { $0.isLetter || $0.isNumber }
        return core.isEmpty || core.count == 1 && !core.allSatisfy(\.isNumber)
    }

    /// The trade and legal-form words of seven letters or more, which a name's word one consonant
    /// away from is taken for ("HARBWARE" → "HARDWARE"). A vowel for a vowel is a spelling shops
    /// print ("STATIONARY", "CONFECTIONARY"), and a last letter another word ("GROCERS"): both stay.
    static let tradeWords: [String] = Array(Set((businessWords + continuationWords + legalForms)
        .filter { $0.count == 1 && $0[0].count >= 7 && $0[0].allSatisfy(\.isASCII) }.map { $0[0] })).sorted()

    static func fixTradeWord(_ token: String) -> String {
        let letters = token.filter(\.isLetter)
        guard letters.count >= 7, letters.count == token.count else { return token }
        let lower = token.lowercased()
        let vowels = Set("aeiouy")
        guard !tradeWords.contains(lower),
              let word = tradeWords.first(where: { candidate in
                  guard candidate.count == lower.count, Levenshtein.distance(candidate, lower, limit: 1) == 1,
                        let at = zip(candidate, lower).enumerated().first(where: { $0.element.0 != $0.element.1 }) else { return false }
                  let (printed, read) = at.element
                  return at.offset < lower.count - 1 && !(vowels.contains(printed) && vowels.contains(read))
              }) else {
            return token
        }
        if token == token.uppercased() { return word.uppercased() }
        if token == token.capitalized { return word.capitalized }
        return token == lower ? word : token
    }

    /// Legal forms as OCR misreads them: SON/SUN/SIN BHD → SDN BHD, $/B → S/B, BH0/8HD → BHD.
    static func fixLegalForms(_ text: String) -> String {
        // "ALAM)SDNBHD": the two words of the form run together.
        var tokens = text.split(separator: " ").flatMap { token -> [String] in
            let t = String(token)
            guard t.uppercased().hasSuffix("SDNBHD"), t.count >= 6 else { return [t] }
            let head = String(t.dropLast(6)), sdn = String(t.suffix(6).prefix(3)), bhd = String(t.suffix(3))
            return (head.isEmpty ? [] : [head]) + [sdn, bhd]
        }
        for i in tokens.indices {
            let core = tokens[i].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()'’`\""))
            let upper = core.uppercased()
            if i + 1 < tokens.count {
                let next = tokens[i + 1].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()<>|")).uppercased()
                // "BHD" with one letter misread ("DHD", "BHO") after SDN: nothing else is printed there.
                let nextIsBHD = next == "BHD" || (next.count >= 3 && next.count <= 4 && next.hasPrefix("B")
                    && Levenshtein.distance(next, "BHD") <= 2 && !next.contains(where: \.isNumber) || ["8HD", "BH0", "BHO", "6HD"].contains(next))
                    || next.count == 3 && Levenshtein.distance(next, "BHD") == 1 && upper == "SDN"
                if upper.count == 3, upper != "SDN", Levenshtein.distance(upper, "SDN") <= 1, nextIsBHD {
                    tokens[i] = tokens[i].replacingOccurrences(of: core, with: matchCase("SDN", core))
                }
                if (upper == "SDN" || Levenshtein.distance(upper, "SDN") <= 1 && nextIsBHD), next != "BHD", nextIsBHD {
                    let nextCore = tokens[i + 1].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()<>|"))
                    tokens[i + 1] = tokens[i + 1].replacingOccurrences(of: nextCore, with: matchCase("BHD", nextCore))
                }
            }
            // "$/B", "&/B", "5/B", "S/8", "S/BB": Sendirian Berhad abbreviated.
            let chars = Array(core)
            if chars.count >= 3, chars.count <= 4, chars[1] == "/", ["$", "&", "5", "S", "s", "§"].contains(chars[0]),
               chars.dropFirst(2).allSatisfy({ ["B", "8", "b"].contains($0) }) {
                tokens[i] = tokens[i].replacingOccurrences(of: core, with: "S/B")
            }
        }
        return tokens.joined(separator: " ")
    }

    static func matchCase(_ replacement: String, _ original: String) -> String {
        original == original.uppercased() ? replacement : replacement.capitalized
    }

    /// Letters OCR reads as digits or symbols inside a word of letters: D.1.¥. → D.I.Y., 5HOP → SHOP,
    /// B00K → BOOK.
    static func fixLookAlikes(_ token: String) -> String {
        let symbols: [Character: Character] = ["¥": "Y", "$": "S", "|": "I", "€": "E", "§": "S"]
        var chars = token.map { symbols[$0] ?? $0 }
        let letters = chars.filter(\.isLetter).count
        let digits = chars.filter(\.isNumber).count
        guard letters >= 2, digits >= 1 else { return String(chars) }
        let digitMap: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B"]
        var i = chars.startIndex
        while i < chars.endIndex {
            guard chars[i].isNumber else { i += 1; continue }
            var end = i
            while end < chars.endIndex, chars[end].isNumber { end += 1 }
            let before = i > 0 ? chars[i - 1] : " ", after = end < chars.count ? chars[end] : " "
            let run = chars[i..<end]
            // A lone digit in a word of more letters than digits ("U13" and "2A" stay as they are),
            // or a run of look-alikes with a letter on each side ("B00K", "S00N"): no number is
            // printed inside a word.
            let lone = run.count == 1 && digits < letters && !before.isNumber && !after.isNumber
            let enclosed = run.count > 1 && before.isLetter && after.isLetter && run.allSatisfy { digitMap[$0] != nil }
            if lone || enclosed {
                for k in i..<end { if let letter = digitMap[chars[k]] { chars[k] = letter } }
            }
            i = end
        }
        return String(chars)
    }
}
