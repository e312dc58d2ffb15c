import Foundation

/// The words receipts label their lines with, in the languages Decant reads, matched with OCR's
/// usual slips tolerated (one wrong letter in words of five letters or more).
enum ReceiptVocabulary {
    /// Lower-case letter-only words: "SUB-TOTAL (RM):" → ["sub", "total", "rm"].
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    static func similar(_ word: String, _ target: String) -> Bool {
        if word == target { return true }
        guard target.count >= 5, abs(word.count - target.count) <= 2 else { return false }
        // Two slips only in long words, and only when the first letter is right: "inclusive" is not "exclusive".
        let limit = target.count >= 8 && word.first == target.first ? 2 : 1
        return Levenshtein.distance(word, target, limit: limit) <= limit
    }

    /// True when `phrase` occurs as consecutive words of `words`.
    static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) {
            if phrase.indices.allSatisfy({ similar(words[start + $0], phrase[$0]) }) { return true }
        }
        return false
    }

    static func containsAny(_ words: [String], _ phrases: [[String]]) -> Bool {
        phrases.contains { contains(words, $0) }
    }

    static func phrases(_ list: String) -> [[String]] {
        list.split(separator: ",").map { $0.split(separator: " ").map(String.init) }
    }

    static let totalWords = phrases("total,totaal,jumlah,summe,gesamt,totale,montant,importe,amount due,balance due,due,payable,to pay,net amount,nett amount,amount")
    static let explicitTotalWords = phrases("total,jumlah,summe,gesamt,totale,totaal,montant,importe")
    /// Words that make a total the amount to pay: above a total "incl. tax", itself above a plain total.
    static let finalTotal = phrases("grand,rounded,payable,due,nett,net,after,final,to pay,bersih,jumlah besar")
    static let strongTotal = phrases("round,rounding,incl,inc,inclusive,including,pay,jumlah")
    /// "Total 6% supplies", "Total zero-rated": a total of part of the bill.
    static let partialTotal = phrases("supplies,supply,zero rated,exempt,standard rated")
    static let subtotalWords = phrases("subtotal,sub total,sub,zwischensumme,sous total,subtotale,excl,excluding,exclusive,before,ex,w o,without,nett sales,net sales")
    static let taxWords = phrases("gst,vat,tax,sst,hst,pst,mwst,tva,iva,ust,cukai,btw,moms")
    static let includedWords = phrases("included,includes,incl,inc,inclusive,including,termasuk")
    static let serviceWords = phrases("service charge,svc charge,svc chg,service chg,serv charge,service,svc,tip,tips,gratuity,caj perkhidmatan")
    static let discountWords = phrases("discount,disc,less,savings,saving,promo,promotion,voucher,coupon,rebate,diskaun,rabatt,remise,sconto,descuento,member price")
    static let roundingWords = phrases("rounding,round,rounded,adj,adjustment,pembundaran,rnd")
    static let changeWords = phrases("change,baki,kembalian,rendu,wechselgeld,resto,cambio")
    static let countWords = phrases("qty,quantity,items,item,pcs,units,unit,count,no of items,bil,kuantiti,points,point,weight")
    static let summaryWords = phrases("summary,analysis,tax code,gst code,code,ringkasan")
    /// Payment methods and the name reported for each.
    static let paymentMethods: [(phrase: [String], name: String)] = [
        (["visa"], "Visa"), (["mastercard"], "Mastercard"), (["master"], "Mastercard"), (["amex"], "Amex"),
        (["american", "express"], "Amex"), (["debit"], "Debit card"), (["credit"], "Credit card"), (["card"], "Card"),
        (["eftpos"], "Card"), (["nets"], "Card"), (["carte"], "Card"), (["tarjeta"], "Card"), (["karte"], "Card"), (["contactless"], "Card"), (["ewallet"], "E-wallet"),
        (["e", "wallet"], "E-wallet"), (["grabpay"], "GrabPay"), (["boost"], "Boost"), (["touch", "n", "go"], "Touch 'n Go"),
        (["tng"], "Touch 'n Go"), (["alipay"], "Alipay"), (["wechat"], "WeChat Pay"), (["cheque"], "Cheque"),
        (["check"], "Cheque"), (["voucher"], "Voucher"), (["cash"], "Cash"), (["tunai"], "Cash"), (["espèces"], "Cash"),
        (["bar"], "Cash"), (["tendered"], "Cash"), (["paid"], "Paid"), (["payment"], "Paid"), (["received"], "Cash"),
        (["pay"], "Paid"),
    ]
    static let itemHeadingWords: Set<String> = ["item", "items", "description", "desc", "qty", "quantity", "price", "unit", "up",
                                                "u", "p", "amount", "amt", "disc", "total", "rm", "code", "no", "tax", "uom",
                                                "sn", "s", "each", "ea", "product", "article", "sale", "iss", "exc", "d", "cost",
                                                "sku", "barcode", "line", "rate", "gst", "value", "nett", "net", "x", "myr"]
    static let metaWords = phrases("cashier,invoice,inv,receipt,rcpt,doc,document,bill,table,counter,terminal,pos,member,ref,reference,order,trans,transaction,txn,slip,server,staff,salesperson,sales person,operator,till,ctr,station,shift,date,time,tel,phone,fax,reg,card no,approval,auth,batch,trace,mid,tid,account,acct,customer,guest,pax,cover,served")

    /// What a line with this label is. Order matters: "Total Qty" is a count and "Rounded Total"
    /// a total before either word is read on its own.
    static func role(of words: [String], hasAmount: Bool = false) -> ReceiptRole {
        guard !words.isEmpty else { return .other }
        let hasTotal = containsAny(words, totalWords)
        let hasTax = containsAny(words, taxWords)
        if containsAny(words, summaryWords) && (hasTax || words.count <= 2) && !hasTotal { return .summaryHeading }
        if !hasAmount && isItemHeading(words) { return .itemHeading }
        // "Service Charge" before "change": one letter apart.
        if containsAny(words, phrases("service charge,svc charge,svc chg,service chg,serv charge,caj perkhidmatan")) && !hasTotal {
            return .serviceCharge
        }
        if containsAny(words, changeWords) { return .change }
        if hasTotal, let first = words.first, similar(first, "total") || first == "jumlah", words.count >= 2,
           containsAny(Array(words.dropFirst()), countWords), !containsAny(words, strongTotal) {
            return .count
        }
        if !hasTotal && words.count <= 3 && !hasTax && countWords.contains(where: { $0.count == 1 && similar(words[0], $0[0]) }) {
            return .count
        }
        if containsAny(words, subtotalWords) && (hasTotal || contains(words, ["subtotal"]) || containsAny(words, phrases("sub total,nett sales,net sales,sub"))) {
            return .subtotal
        }
        if hasTax && containsAny(words, phrases("included,includes")) { return .tax(included: true) }
        if hasTax && !hasTotal { return .tax(included: containsAny(words, includedWords)) }
        // "GST payable (6%)": the tax to pay, not the bill; "Amount due (GST incl.)" is the bill.
        if hasTax && !containsAny(words, explicitTotalWords) && !containsAny(words, includedWords) { return .tax(included: false) }
        if hasTax && hasTotal && !containsAny(words, includedWords) {
            // "Total GST", "Tax Total": the tax, totalled.
            if let t = words.firstIndex(where: { similar($0, "total") }),
               let x = words.firstIndex(where: { w in taxWords.contains { similar(w, $0[0]) } }), abs(x - t) == 1 {
                return .tax(included: false)
            }
        }
        if containsAny(words, discountWords) && !containsAny(words, phrases("after")) { return .discount }
        if containsAny(words, roundingWords) && !hasTotal { return .rounding }
        if hasTotal {
            var strength = 2
            if containsAny(words, strongTotal) { strength = 3 }
            if containsAny(words, finalTotal) { strength = 4 }
            if !containsAny(words, explicitTotalWords) { strength = 1 }
            if containsAny(words, partialTotal) { strength = 1 }
            return .total(strength: strength)
        }
        if containsAny(words, serviceWords) { return .serviceCharge }
        for method in paymentMethods where contains(words, method.phrase) { return .payment(method: method.name) }
        if containsAny(words, metaWords) { return .meta }
        return .other
    }

    static func isItemHeading(_ words: [String]) -> Bool {
        guard words.count >= 2 else { return false }
        let known = words.filter { itemHeadingWords.contains($0) }.count
        return known * 4 >= words.count * 3 && Set(words).count >= 2 && containsAny(words, phrases("qty,quantity,price,amount,amt,description,desc,item"))
    }
}
