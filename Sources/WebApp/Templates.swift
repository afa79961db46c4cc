import Mustache

/// The pages' Mustache templates. Kept in the binary (no resource files to install beside it);
/// `{{x}}` escapes HTML, `{{{body}}}` is only ever a page rendered by these templates.
enum Templates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in all {
            do { try library.register(text, named: name) } catch { fatalError("template \(name): \(error)") }
        }
        return library
    }()

    static func render(_ name: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: name) ?? ""
    }

    static let all: [String: String] = [
        "layout": layout, "events": events, "event": event, "receipt": receipt, "review": review,
        "search": search, "upload": upload, "login": login, "message": message, "reports": reports,
    ]

    static let layout = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="{{csrf}}">
    <title>{{title}} · Rebut</title>
    <link rel="stylesheet" href="/static/app.css">
    <link rel="manifest" href="/static/manifest.json">
    </head>
    <body>
    <header class="top">
      <a class="brand" href="/events">Rebut</a>
      <nav>
        <a href="/events">Events</a>
        <a href="/upload">Upload</a>
        <a href="/review">Review</a>
        <a href="/reports">Reports</a>
        <form action="/search" method="get" class="search"><input name="q" type="search" placeholder="Search receipts" value="{{query}}" aria-label="Search receipts"></form>
        {{#loggedIn}}<form method="post" action="/logout" class="logout"><input type="hidden" name="_csrf" value="{{csrf}}"><button type="submit">Log out</button></form>{{/loggedIn}}
      </nav>
    </header>
    <main>
    {{{body}}}
    </main>
    <script src="/static/app.js"></script>
    {{#script}}<script src="{{script}}"></script>{{/script}}
    </body>
    </html>
    """

    static let events = """
    <h1>Events</h1>
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    <table class="list">
    <thead><tr><th>Event</th><th>Kind</th><th>Dates</th><th>Place</th><th class="num">Receipts</th><th class="num">To review</th><th class="num">Totals</th></tr></thead>
    <tbody>
    {{#events}}
    <tr><td><a href="/events/{{id}}">{{name}}</a></td><td>{{kind}}</td><td>{{dates}}</td><td>{{place}}</td>
    <td class="num">{{receiptCount}}</td><td class="num">{{#needsReviewCount}}<a class="badge review" href="/review?event={{id}}">{{needsReviewCount}}</a>{{/needsReviewCount}}</td>
    <td class="num">{{#totals}}<div>{{text}}</div>{{/totals}}</td></tr>
    {{/events}}
    {{^events}}<tr><td colspan="7" class="empty">No events yet: create one below.</td></tr>{{/events}}
    </tbody>
    </table>
    <section class="card">
    <h2>New event</h2>
    <form method="post" action="/events" class="grid" id="new-event">
      <input type="hidden" name="_csrf" value="{{csrf}}">
      <label>Name <input name="name" required maxlength="200" placeholder="London, March"></label>
      <label>Kind <select name="kind">{{#kinds}}<option value="{{.}}">{{.}}</option>{{/kinds}}</select></label>
      <label>Place <input name="place" placeholder="London"></label>
      <label>Currency <input name="currency" maxlength="3" placeholder="EUR" class="short"></label>
      <label>Start <input name="startDate" type="date"></label>
      <label>End <input name="endDate" type="date"></label>
      <button type="submit">Create event</button>
    </form>
    </section>
    """

    static let event = """
    <p class="crumbs"><a href="/events">Events</a> ›</p>
    <h1>{{event.name}} <span class="kind">{{event.kind}}</span></h1>
    <p class="meta">{{meta}}</p>
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    <p class="actions">
      <a class="button" href="/upload?event={{event.id}}">Upload receipts</a>
      {{#needsReview}}<a class="button review" href="/review?event={{event.id}}">Review {{needsReview}} receipt{{plural}}</a>{{/needsReview}}
    </p>
    <section class="totals">
    <h2>Totals</h2>
    <table class="list compact"><thead><tr><th>Category</th><th>Currency</th><th class="num">Total</th><th class="num">Receipts</th><th class="num">Without total</th></tr></thead>
    <tbody>{{#totals}}<tr><td>{{category}}</td><td>{{currency}}</td><td class="num">{{total}}</td><td class="num">{{count}}</td><td class="num">{{missing}}</td></tr>{{/totals}}
    {{^totals}}<tr><td colspan="5" class="empty">No receipts yet.</td></tr>{{/totals}}</tbody></table>
    </section>
    <section class="downloads">
    <h2>Reports</h2>
    <p class="actions">{{#downloads}}<a class="button download" href="{{href}}" download data-format="{{format}}">{{label}}</a> {{/downloads}}</p>
    </section>
    <form method="get" action="/events/{{event.id}}" class="filters">
      <label>Status <select name="status"><option value="">all</option>{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select></label>
      <label>Category <select name="category"><option value="">all</option>{{#categories}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/categories}}</select></label>
      <label>Sort <select name="sort">{{#sorts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/sorts}}</select></label>
      <button type="submit">Apply</button>
    </form>
    <table class="list receipts">
    <thead><tr><th></th><th>Vendor</th><th>Date</th><th class="num">Amount</th><th>Category</th><th>Status</th></tr></thead>
    <tbody>
    {{#receipts}}
    <tr data-receipt="{{id}}"><td class="thumb">{{#thumb}}<a href="/receipts/{{id}}"><img src="/receipts/{{id}}/image" alt="" loading="lazy"></a>{{/thumb}}{{^thumb}}<a href="/receipts/{{id}}" class="nothumb">{{ext}}</a>{{/thumb}}</td>
    <td><a href="/receipts/{{id}}">{{vendor}}</a></td><td>{{date}}</td><td class="num">{{amount}}</td><td>{{category}}</td>
    <td>{{#review}}<a class="badge review" href="/receipts/{{id}}/review">needs review</a>{{/review}}{{^review}}<span class="badge filed">filed</span>{{/review}}</td></tr>
    {{/receipts}}
    {{^receipts}}<tr><td colspan="6" class="empty">No receipts{{#filtered}} match these filters{{/filtered}}.</td></tr>{{/receipts}}
    </tbody>
    </table>
    <details class="card">
    <summary>Edit event</summary>
    <form method="post" action="/events/{{event.id}}" class="grid">
      <input type="hidden" name="_csrf" value="{{csrf}}">
      <label>Name <input name="name" required maxlength="200" value="{{event.name}}"></label>
      <label>Kind <select name="kind">{{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/kinds}}</select></label>
      <label>Place <input name="place" value="{{event.place}}"></label>
      <label>Currency <input name="currency" maxlength="3" value="{{event.currency}}" class="short"></label>
      <label>Start <input name="startDate" type="date" value="{{event.startDate}}"></label>
      <label>End <input name="endDate" type="date" value="{{event.endDate}}"></label>
      <label class="check"><input type="checkbox" name="active" value="1"{{#event.active}} checked{{/event.active}}> Active</label>
      <button type="submit">Save event</button>
    </form>
    </details>
    """

    static let figure = """
    <figure class="figure" data-extent="{{extent}}">
      {{#showImage}}<img id="receipt-image" class="zoomable" src="{{imageSrc}}" alt="Receipt {{id}}{{#readImage}} as the OCR read it{{/readImage}}">{{/showImage}}
      {{^showImage}}<p class="noimage">{{#hasImage}}This {{ext}} cannot be shown in a browser: <a href="/receipts/{{id}}/image" download>download it</a>.{{/hasImage}}{{^hasImage}}Typed in by hand: no image.{{/hasImage}}</p>{{/showImage}}
      <div class="boxes" aria-hidden="true"></div>
      {{#showImage}}<figcaption>{{#readImage}}The receipt as the OCR read it; boxes show where the chosen line was read. <a id="original-image" href="/receipts/{{id}}/image"{{^browserImage}} download{{/browserImage}}>Original {{original}} ({{ext}})</a>.{{/readImage}}{{^readImage}}Boxes show roughly where the chosen line was read.{{/readImage}} Click the image to zoom.</figcaption>{{/showImage}}
    </figure>
    """

    static let ocrText = """
    <section class="ocr"><h2>OCR text <span class="meta">click a line to see where it was read</span></h2>
    <ol id="ocr" start="0">{{#lines}}<li data-line="{{index}}" data-box="{{box}}" data-words="{{words}}">{{text}}</li>{{/lines}}</ol>
    {{^lines}}<p class="empty">No text was read on this image.</p>{{/lines}}
    </section>
    """

    static let receipt = """
    <p class="crumbs"><a href="/events">Events</a> › <a href="/events/{{eventId}}">{{eventName}}</a> ›</p>
    <h1>Receipt #{{id}} <span class="badge {{statusClass}}">{{status}}</span></h1>
    <div class="split">
    <div class="sticky">
    \(figure)
    \(ocrText)
    </div>
    <div>
    <table class="fields">
    {{#fields}}<tr{{#uncertain}} class="uncertain"{{/uncertain}}><th>{{name}}</th><td>{{value}}</td><td class="conf">{{confidence}}</td></tr>{{/fields}}
    </table>
    <p class="actions"><a class="button review" href="/receipts/{{id}}/review">Review fields</a></p>
    <p class="meta">From {{fileName}}</p>
    </div>
    </div>
    """

    static let review = """
    <p class="crumbs"><a href="/events">Events</a> › <a href="/events/{{eventId}}">{{eventName}}</a> › <a href="/receipts/{{id}}">Receipt #{{id}}</a> ›</p>
    <h1>Review receipt #{{id}}</h1>
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    <p class="keys">Keys: <kbd>1</kbd>–<kbd>9</kbd> pick · <kbd>←</kbd> <kbd>→</kbd> field · <kbd>↑</kbd> <kbd>↓</kbd> candidate · <kbd>e</kbd> type · <kbd>s</kbd> save</p>
    <div class="split">
    <div class="sticky">
    \(figure)
    \(ocrText)
    </div>
    <div>
    <form method="post" action="/receipts/{{id}}/review" id="picker">
    <input type="hidden" name="_csrf" value="{{csrf}}">
    {{#fields}}
    <fieldset class="field" data-field="{{name}}">
      <legend>{{name}} {{#uncertain}}<span class="badge review">{{why}}</span>{{/uncertain}}</legend>
      <p class="current">Now: <strong>{{current}}</strong></p>
      <ol class="candidates">
      {{#candidates}}<li><label><input type="radio" name="{{name}}" value="@{{rank}}" data-line="{{lineIndex}}"{{#chosen}} checked{{/chosen}}> <span class="rank">{{rank}}</span> <span class="value">{{value}}</span> <span class="score">{{score}}</span> <span class="from">{{line}}</span></label></li>{{/candidates}}
      </ol>
      {{^candidates}}<p class="empty">The OCR found no candidate: type it.</p>{{/candidates}}
      <label class="typed"><input type="radio" name="{{name}}" value="typed"> Type: <input type="text" name="{{name}}_typed" placeholder="{{placeholder}}" autocomplete="off"></label>
      <label class="keep"><input type="radio" name="{{name}}" value=""{{^anyChosen}} checked{{/anyChosen}}> Keep as it is</label>
    </fieldset>
    {{/fields}}
    <fieldset class="field category" data-field="category">
      <legend>category</legend>
      <select name="category" id="category-select"><option value="">(keep: {{category}})</option>{{#categories}}<option value="{{.}}">{{.}}</option>{{/categories}}</select>
    </fieldset>
    <p class="actions"><button type="submit" id="save">Save and next</button> <a href="/receipts/{{id}}">Cancel</a></p>
    </form>
    </div>
    </div>
    """

    static let search = """
    <h1>Search</h1>
    <form action="/search" method="get" class="filters"><input name="q" type="search" value="{{query}}" placeholder="vendor or any word on the receipt"> <button type="submit">Search</button></form>
    {{#searched}}<p class="meta">{{count}} receipt{{plural}} found for “{{query}}”.</p>{{/searched}}
    <table class="list receipts"><tbody>
    {{#receipts}}<tr><td class="thumb">{{#thumb}}<a href="/receipts/{{id}}"><img src="/receipts/{{id}}/image" alt="" loading="lazy"></a>{{/thumb}}</td><td><a href="/receipts/{{id}}">{{vendor}}</a></td><td>{{date}}</td><td class="num">{{amount}}</td><td>{{category}}</td><td>{{status}}</td></tr>{{/receipts}}
    </tbody></table>
    """

    static let upload = """
    <h1>Upload receipts</h1>
    <form id="upload-form" class="card">
      <label>Event <select name="event" id="upload-event" required>{{#events}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/events}}</select></label>
      {{^events}}<p class="error">Create an event first: <a href="/events">Events</a>.</p>{{/events}}
      <label class="camera button">Take photos<input type="file" id="camera-input" accept="image/*" capture="environment" multiple></label>
      <label class="button secondary">Choose files<input type="file" id="file-input" accept="image/*,application/pdf" multiple></label>
      <div id="drop-zone" class="drop">…or drop image and PDF files here</div>
    </form>
    <p id="connection" class="meta"></p>
    <section>
    <h2>Queue</h2>
    <p class="meta">Photos wait here while the phone is offline and are sent, once each, when it is back online.</p>
    <table class="list" id="queue"><thead><tr><th>File</th><th>Event</th><th>State</th></tr></thead><tbody></tbody></table>
    </section>
    """

    static let login = """
    <section class="card narrow">
    <h1>Log in</h1>
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    <form method="post" action="/login">
      <input type="hidden" name="_csrf" value="{{csrf}}">
      <input type="hidden" name="next" value="{{next}}">
      <label>Password <input type="password" name="password" autocomplete="current-password" required autofocus></label>
      <button type="submit">Log in</button>
    </form>
    <p class="meta">Set with <code>rebut serve --set-password</code>.</p>
    </section>
    """

    static let message = """
    <section class="card narrow">
    <h1>{{heading}}</h1>
    <p>{{text}}</p>
    {{#link}}<p><a class="button" href="{{href}}">{{label}}</a></p>{{/link}}
    </section>
    """
}
