/// The frame every review page shares: one self-contained document with its style and script
/// inline, so it opens from a file URL with no network. The content security policy lets only
/// the page's own script run and nothing load from anywhere but the report folder: a second line
/// of defence behind the escaping.
public enum HTMLPage {
    public static func document(title: String, body: String, nonce: String = HTMLPage.makeNonce()) -> String {
        let policy = "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; "
            + "script-src 'nonce-\(nonce)'; base-uri 'none'; form-action 'none'"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(policy)">
        <meta name="generator" content="Decant">
        <title>\(HTMLText.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        \(body)
        <script nonce="\(nonce)">\(script)</script>
        </body>
        </html>

        """
    }

    /// A fresh nonce per page: text in the page cannot guess it.
    public static func makeNonce() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    static let style = """
    :root{--ink:#1f2328;--muted:#5b636d;--line:#d5d9de;--bg:#f6f7f9;--card:#fff;--accent:#7b1e3a;--high:#1a7f37;\
    --mid:#b7791f;--low:#c62828;--none:#6e40c9;--sel:#0b57d0}
    *{box-sizing:border-box}
    body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:var(--bg)}
    a{color:#0b57d0}
    .skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:10}
    header.top{background:var(--accent);color:#fff;padding:14px 24px}
    header.top a{color:#fff}
    header.top h1{margin:2px 0 4px;font-size:22px}
    .crumbs{margin:0;font-size:13px;opacity:.9}
    .facts{margin:2px 0;color:var(--muted)}
    header.top .facts{color:#f3dfe5}
    nav.files{margin-top:6px;font-size:13px}nav.files a{margin-right:12px}
    main{padding:16px 24px;max-width:1680px}
    section.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:14px 16px;margin:0 0 18px}
    h2{font-size:18px;margin:0 0 10px}h3{font-size:16px;margin:0 0 6px}h4{font-size:14px;margin:0 0 6px}
    h5{font-size:13px;margin:10px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
    .tiles{display:flex;flex-wrap:wrap;gap:10px;margin:6px 0 4px}
    .tile{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:120px}
    .tile b{display:block;font-size:20px}.tile span{color:var(--muted);font-size:12px}
    .filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 10px}
    .filters button,.filters input{font:inherit}
    button.filter{border:1px solid var(--line);background:#fff;border-radius:999px;padding:4px 12px;cursor:pointer}
    button.filter[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:#fff}
    button.filter:focus-visible,th button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--sel);outline-offset:2px}
    .filters input[type=number]{width:90px}.filters input[type=search]{width:180px}
    #shown{margin-left:auto;color:var(--muted)}
    .table-wrap{overflow:auto;max-height:70vh;border:1px solid var(--line);border-radius:6px}
    table{border-collapse:collapse;width:100%;background:#fff}
    caption{text-align:left;padding:6px 8px;color:var(--muted)}
    th,td{padding:4px 8px;border-bottom:1px solid #eceef1;text-align:left;vertical-align:top;overflow-wrap:anywhere}
    thead th{position:sticky;top:0;background:#eef0f3;z-index:1;white-space:nowrap}
    th button{font:inherit;font-weight:600;border:0;background:none;padding:0;cursor:pointer;color:inherit}
    th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
    td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
    td.raw{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px;white-space:pre-wrap;min-width:16em;max-width:26em}
    table.entries td:nth-child(4){min-width:12em;max-width:22em}table.entries td:nth-child(7){min-width:11em;max-width:18em}
    table.entries td:first-child{white-space:nowrap}
    tr.sel td{background:#e8f0fe}
    .badge{display:inline-block;border-radius:4px;padding:0 5px;font-size:12px;border:1px solid var(--line);background:#f3f4f6}
    .badge.good{background:#dcf3e2;border-color:#a6dcb5}.badge.warn{background:#fdf0d5;border-color:#efd08a}
    .badge.bad{background:#fbe0e0;border-color:#eeaaaa}.badge.none{background:#ece5fb;border-color:#c9b6f2}
    .page-grid{display:grid;grid-template-columns:minmax(280px,3fr) minmax(280px,2fr);gap:16px;align-items:start}
    @media (max-width:900px){.page-grid{grid-template-columns:1fr}}
    figure.scan{margin:0}
    .frame{position:relative;width:100%;background:#e9ebee;border:1px solid var(--line)}
    .frame img{display:block;width:100%;height:100%}
    .frame svg.boxes{position:absolute;inset:0;width:100%;height:100%}
    .box rect{fill:transparent;stroke-width:2;vector-effect:non-scaling-stroke}
    .box.high rect{stroke:var(--high);fill:rgba(26,127,55,.08)}.box.mid rect{stroke:var(--mid);fill:rgba(183,121,31,.1)}
    .box.low rect{stroke:var(--low);fill:rgba(198,40,40,.1)}.box.none rect{stroke:var(--none);stroke-dasharray:6 3;fill:rgba(110,64,201,.08)}
    .box:hover rect,.box:focus rect{stroke-width:4;fill:rgba(11,87,208,.12)}
    .box:focus{outline:none}.box.sel rect{stroke:var(--sel);stroke-width:4;fill:rgba(11,87,208,.18)}
    .box.dim{opacity:.18}
    figcaption{font-size:12px;color:var(--muted);margin-top:4px}
    .key{display:inline-block;width:12px;height:12px;border:2px solid;vertical-align:-2px;margin:0 3px 0 10px}
    .key.high{border-color:var(--high)}.key.mid{border-color:var(--mid)}.key.low{border-color:var(--low)}.key.none{border-color:var(--none);border-style:dashed}
    aside.side{position:sticky;top:8px;max-height:calc(100vh - 16px);overflow:auto}
    .panel{border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin-bottom:10px;background:#fff}
    details.why{margin:8px 0 0}details.why summary{cursor:pointer;color:var(--muted)}details.why ul{margin:4px 0;padding-left:18px}
    .entry-detail{display:none}.entry-detail:target,.entry-detail.shown{display:block}
    .details:has(.entry-detail.shown) .hint,.details:has(.entry-detail:target) .hint{display:none}
    .hint{color:var(--muted);margin:0}
    p.raw{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px;white-space:pre-wrap;background:#f6f8fa;padding:6px;margin:0 0 6px;border-radius:4px}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
    dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
    ol.alts{margin:0;padding-left:20px}
    .error{color:var(--low);font-weight:600}
    .warn-list{color:#8a5a00}
    svg.chart{max-width:100%;height:auto;font:12px system-ui,sans-serif}
    svg.chart .axis line{stroke:#8c959f}svg.chart .grid{stroke:#e3e6ea}svg.chart text{fill:#33383e}
    svg.chart .note{fill:#6b737c}svg.chart .diagonal{stroke:#6b737c;stroke-dasharray:4 3}
    svg.chart circle{fill:#1f2328}svg.chart .count{font-size:10px}
    .charts{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
    .charts figure{margin:0;flex:1 1 460px;max-width:760px}.charts figure.wide{flex-basis:100%;max-width:none}
    .charts figure.wide svg.chart{max-width:1000px}.charts figcaption{font-size:13px}
    .ok{color:var(--high)}.off{color:var(--low)}
    footer{padding:8px 24px 24px;color:var(--muted);font-size:12px}
    """

    /// Filters, sorting and the entry boxes. Everything shown is already in the page as escaped
    /// HTML; the script only hides, shows, reorders and marks elements, and never builds markup
    /// from text. `?filter=a,b&budget=N&colour=red&q=text&sort=-score` in the URL clicks those filters
    /// and sorts by that column (a leading minus: highest first) on load: a link to a filtered view,
    /// and how the browser test drives a click.
    static let script = """
    (function(){
    "use strict";
    function byId(id){return document.getElementById(id);}
    function select(id,scroll){
      document.querySelectorAll(".entry-detail.shown").forEach(function(d){d.classList.remove("shown");});
      document.querySelectorAll(".box.sel,tr.sel").forEach(function(e){e.classList.remove("sel");});
      var detail=byId("d-"+id);if(!detail)return;
      detail.classList.add("shown");
      var box=byId("b-"+id);
      if(box){box.classList.add("sel");if(scroll){box.scrollIntoView({block:"center"});box.focus({preventScroll:true});}}
      var row=byId("r-"+id);if(row)row.classList.add("sel");
    }
    document.addEventListener("click",function(e){
      var a=e.target.closest?e.target.closest("a[href^='#d-']"):null;if(!a)return;
      e.preventDefault();
      var id=a.getAttribute("href").slice(3);
      select(id,!a.closest("svg"));
      try{history.replaceState(null,"",location.search+"#d-"+id);}catch(err){}
    });
    if(location.hash.indexOf("#d-")===0)select(location.hash.slice(3),true);
    var table=byId("entries");if(!table)return;
    var body=table.tBodies[0];
    var rows=Array.prototype.slice.call(body.rows);
    rows.forEach(function(r,i){r.dataset.order=i;});
    var buttons=Array.prototype.slice.call(document.querySelectorAll("button[data-filter]"));
    var budget=byId("budget"),search=byId("search"),shown=byId("shown"),colour=byId("colour");
    function num(v){return v===undefined||v===""?NaN:Number(v);}
    var tests={
      "score90":function(r){return num(r.dataset.score)>=90;},
      "ready":function(r){return r.dataset.drink==="ready";},
      "best-value":function(r){return r.dataset.best==="1";},
      "budget":function(r){var b=num(budget?budget.value:"");if(!(b>0))return r.dataset.fits!=="";
        return num(r.dataset.bottle)<=b||num(r.dataset.glass)<=b;},
      "unmatched":function(r){return r.dataset.matched==="0";},
      "low-confidence":function(r){return r.dataset.low==="1";}
    };
    var ready=false;
    function apply(){
      var on=buttons.filter(function(b){return b.getAttribute("aria-pressed")==="true";}).map(function(b){return b.dataset.filter;});
      var q=search?search.value.trim().toLowerCase():"";
      var c=colour?colour.value:"";
      var n=0;
      rows.forEach(function(r){
        var ok=on.every(function(f){return tests[f]?tests[f](r):true;})&&(!q||r.textContent.toLowerCase().indexOf(q)>=0)
          &&(!c||r.dataset.colour===c);
        r.hidden=!ok;if(ok)n++;
        var box=byId("b-"+r.dataset.id);if(box)box.classList.toggle("dim",!ok);
      });
      shown.textContent=n+" of "+rows.length+" entries shown";
      table.setAttribute("data-visible",String(n));
      if(!ready)return;
      var p=[];
      if(on.length)p.push("filter="+on.join(","));
      if(budget&&budget.value)p.push("budget="+encodeURIComponent(budget.value));
      if(c)p.push("colour="+encodeURIComponent(c));
      if(q)p.push("q="+encodeURIComponent(q));
      try{history.replaceState(null,"",(p.length?"?"+p.join("&"):location.pathname)+location.hash);}catch(err){}
    }
    buttons.forEach(function(b){b.addEventListener("click",function(){
      b.setAttribute("aria-pressed",b.getAttribute("aria-pressed")==="true"?"false":"true");apply();});});
    if(budget)budget.addEventListener("input",apply);
    if(search)search.addEventListener("input",apply);
    if(colour)colour.addEventListener("change",apply);
    var clear=byId("clear");
    if(clear)clear.addEventListener("click",function(){buttons.forEach(function(b){b.setAttribute("aria-pressed","false");});
      if(search)search.value="";if(colour)colour.value="";apply();});
    var headers=Array.prototype.slice.call(table.tHead.rows[0].cells);
    headers.forEach(function(th,col){
      var b=th.querySelector("button");if(!b)return;
      b.addEventListener("click",function(){
        var dir=th.getAttribute("aria-sort")==="ascending"?"descending":"ascending";
        headers.forEach(function(h){if(h.hasAttribute("aria-sort"))h.setAttribute("aria-sort","none");});
        th.setAttribute("aria-sort",dir);
        function key(r){var c=r.cells[col];var v=c.getAttribute("data-v");
          if(v!==null)return v===""?null:Number(v);var t=c.textContent.trim().toLowerCase();return t===""||t==="—"?null:t;}
        var sorted=rows.slice().sort(function(a,b2){
          var x=key(a),y=key(b2),o=a.dataset.order-b2.dataset.order;
          if(x===null&&y===null)return o;if(x===null)return 1;if(y===null)return -1;
          var c=(typeof x==="number"&&typeof y==="number")?x-y:String(x).localeCompare(String(y));
          return (dir==="ascending"?c:-c)||o;});
        sorted.forEach(function(r){body.appendChild(r);});
      });
    });
    var params=new URLSearchParams(location.search);
    if(budget&&params.has("budget"))budget.value=params.get("budget");
    if(search&&params.has("q"))search.value=params.get("q");
    if(colour&&params.has("colour"))colour.value=params.get("colour");
    var wanted=(params.get("filter")||"").split(",");
    buttons.forEach(function(b){if(wanted.indexOf(b.dataset.filter)>=0)b.click();});
    var sort=(params.get("sort")||"").toLowerCase(),down=sort.charAt(0)==="-";
    if(down)sort=sort.slice(1);
    headers.forEach(function(th){var b=th.querySelector("button");
      if(sort&&b&&b.textContent.trim().toLowerCase().replace(/ /g,"-")===sort){b.click();if(down)b.click();}});
    apply();
    ready=true;
    })();
    """
}
