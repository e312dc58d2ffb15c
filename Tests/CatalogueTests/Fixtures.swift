import DecantTestSupport
import Catalogue
import Entries
import Foundation

/// The real catalogues in the shared data; tests that need them skip when they are absent.
extension SharedData {
    static var catalogues: String { path("data/catalogue") }
    static var available: Bool { exists("data/catalogue/winemag-data-130k-v2.first5811rows.csv") }
}

/// A small hand-made catalogue: enough look-alike labels that a matcher has to use the right evidence.
enum Fixture {
    static let wines: [Wine] = [
        Wine(id: "leflaive-pucelles-2015", producer: "Domaine Leflaive", wine: "Puligny-Montrachet 1er Cru Les Pucelles",
             region: "Puligny-Montrachet", country: "France", colour: "white", vintage: .year(2015)),
        Wine(id: "leflaive-pucelles-2016", producer: "Domaine Leflaive", wine: "Puligny-Montrachet 1er Cru Les Pucelles",
             region: "Puligny-Montrachet", country: "France", colour: "white", vintage: .year(2016)),
        Wine(id: "leflaive-clavoillon-2016", producer: "Domaine Leflaive", wine: "Puligny-Montrachet 1er Cru Clavoillon",
             region: "Puligny-Montrachet", country: "France", colour: "white", vintage: .year(2016)),
        Wine(id: "sauzet-pucelles-2016", producer: "Domaine Etienne Sauzet", wine: "Puligny-Montrachet 1er Cru Les Pucelles",
             region: "Puligny-Montrachet", country: "France", colour: "white", vintage: .year(2016)),
        Wine(id: "roulot-meursault-reserve", producer: "Domaine Roulot", wine: "Meursault Reserve Estate",
             region: "Meursault", country: "France", colour: "white"),
        Wine(id: "coche-meursault-2017", producer: "Domaine Coche-Dury", wine: "Meursault",
             region: "Meursault", country: "France", colour: "white", vintage: .year(2017)),
        Wine(id: "margaux-2010", producer: "Château Margaux", wine: "", region: "Margaux", country: "France",
             colour: "red", vintage: .year(2010), score: 98, drinkFrom: 2020, drinkTo: 2060, releasePrice: 600, currency: "EUR"),
        Wine(id: "margaux-2015", producer: "Château Margaux", wine: "", region: "Margaux", country: "France",
             colour: "red", vintage: .year(2015), score: 100, drinkFrom: 2025, drinkTo: 2070, releasePrice: 700, currency: "EUR"),
        Wine(id: "palmer-2015", producer: "Château Palmer", wine: "", region: "Margaux", country: "France",
             colour: "red", vintage: .year(2015)),
        Wine(id: "krug-gc", producer: "Krug", wine: "Grande Cuvée", region: "Champagne", country: "France",
             colour: "sparkling", vintage: .nonVintage),
        Wine(id: "ridge-monte-bello-2014", producer: "Ridge Vineyards", wine: "Monte Bello", region: "Santa Cruz Mountains",
             country: "USA", colour: "red", grapes: ["Cabernet Sauvignon"], vintage: .year(2014)),
        Wine(id: "ridge-lytton-2018", producer: "Ridge Vineyards", wine: "Lytton Springs", region: "Dry Creek Valley",
             country: "USA", colour: "red", grapes: ["Zinfandel"], vintage: .year(2018)),
        Wine(id: "mondavi-cs-reserve-2016", producer: "Robert Mondavi Winery", wine: "Napa Valley Cabernet Sauvignon Reserve",
             region: "Napa Valley", country: "USA", colour: "red", vintage: .year(2016)),
    ]

    static let catalogue = Catalogue(name: "fixture", wines: wines)
    static let matcher = Matcher(catalogue: catalogue, runYear: 2026)
}
