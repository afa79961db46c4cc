/// The API's description, served at /api/v1/openapi.json. Written by hand (the generator would
/// pull swift-syntax into every build); `OpenAPIDocumentTests` sends a request to every operation
/// it lists and checks the server answers with a status the document declares.
enum OpenAPIDocument {
    static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Rebut",
        "version": "1",
        "description": "Receipts filed under events, read on this machine. Money is decimal text with its currency. Authentication: none on loopback without a password; otherwise `Authorization: Bearer TOKEN` (rebut tokens create) or a session cookie from /login (with X-CSRF-Token on writes). Every refusal is JSON: {\"error\": {\"status\": 404, \"message\": \"...\"}}."
      },
      "servers": [{"url": "/"}],
      "security": [{}, {"bearer": []}],
      "paths": {
        "/api/v1/openapi.json": {
          "get": {"operationId": "openapi", "summary": "This document", "security": [{}],
                  "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {}}}}}
        },
        "/api/v1/events": {
          "get": {"operationId": "listEvents", "summary": "Events with receipt counts and totals per currency",
                  "responses": {"200": {"description": "Events", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EventList"}}}},
                                "401": {"$ref": "#/components/responses/Error"}}},
          "post": {"operationId": "createEvent", "summary": "Create an event",
                   "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EventInput"}}}},
                   "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Event"}}}},
                                 "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                 "403": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
                                 "422": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/events/{eventId}": {
          "parameters": [{"$ref": "#/components/parameters/EventId"}],
          "get": {"operationId": "getEvent", "summary": "One event with its totals",
                  "responses": {"200": {"description": "The event", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Event"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}},
          "patch": {"operationId": "editEvent", "summary": "Change an event's fields (only those sent)",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EventInput"}}}},
                    "responses": {"200": {"description": "The edited event", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Event"}}}},
                                  "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                  "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
                                  "413": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/events/{eventId}/receipts": {
          "parameters": [{"$ref": "#/components/parameters/EventId"},
                         {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["filed", "needs_review"]}},
                         {"name": "category", "in": "query", "schema": {"type": "string"}},
                         {"name": "sort", "in": "query", "description": "date, total, vendor, status or category; a leading - sorts descending",
                          "schema": {"type": "string", "pattern": "^-?(date|total|vendor|status|category)$"}}],
          "get": {"operationId": "listReceipts", "summary": "An event's receipts, filtered and sorted",
                  "responses": {"200": {"description": "Receipts", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReceiptList"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/events/{eventId}/uploads": {
          "parameters": [{"$ref": "#/components/parameters/EventId"},
                         {"name": "name", "in": "query", "description": "The file's name, kept as the receipt's file name", "schema": {"type": "string"}}],
          "post": {"operationId": "upload", "summary": "File one image or PDF under the event (the same ingest as rebut ingest)",
                   "requestBody": {"required": true, "description": "The file's bytes; the content decides the format, not the type or name",
                                   "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}},
                                               "application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}}},
                   "responses": {"201": {"description": "Filed, or filed for review", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Upload"}}}},
                                 "200": {"description": "Already filed (same SHA-256): nothing written", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Upload"}}}},
                                 "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                 "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
                                 "413": {"$ref": "#/components/responses/Error"},
                                 "415": {"description": "Not an image or PDF, empty, truncated or unsupported", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Upload"}}}},
                                 "422": {"description": "Read but could not be decoded or OCR'd", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Upload"}}}}}}
        },
        "/api/v1/receipts/{receiptId}": {
          "parameters": [{"$ref": "#/components/parameters/ReceiptId"}],
          "get": {"operationId": "getReceipt", "summary": "One receipt with its OCR text",
                  "responses": {"200": {"description": "The receipt", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Receipt"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}},
          "patch": {"operationId": "setFields", "summary": "Set fields as rebut receipts set does: a value, @N for candidate N, or null to clear; all or nothing, each kept as a correction",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReceiptPatch"}}}},
                    "responses": {"200": {"description": "The saved receipt", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Receipt"}}}},
                                  "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                  "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
                                  "413": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/receipts/{receiptId}/candidates": {
          "parameters": [{"$ref": "#/components/parameters/ReceiptId"}],
          "get": {"operationId": "getCandidates", "summary": "Every field's ranked candidates and the OCR lines with their boxes",
                  "responses": {"200": {"description": "Candidates", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Candidates"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/receipts/{receiptId}/image": {
          "parameters": [{"$ref": "#/components/parameters/ReceiptId"}],
          "get": {"operationId": "getImage", "summary": "The stored image or PDF",
                  "responses": {"200": {"description": "The file", "content": {"image/*": {}, "application/pdf": {}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/receipts/{receiptId}/read-image": {
          "parameters": [{"$ref": "#/components/parameters/ReceiptId"}],
          "get": {"operationId": "getReadImage", "summary": "The image the OCR read (cropped, de-warped, turned; grey JPEG, at most 1600 px on its longest side). The boxes of getCandidates are in its coordinate space, which is X-Rebut-Box-Space (width,height): scale by the JPEG's size over it",
                  "responses": {"200": {"description": "The JPEG", "headers": {"X-Rebut-Box-Space": {"description": "width,height of the boxes' coordinate space", "schema": {"type": "string", "pattern": "^[0-9]+,[0-9]+$"}}},
                                        "content": {"image/jpeg": {}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"description": "No such receipt, or none kept for it (typed in, a PDF of several pages, filed before read images were kept)",
                                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}
        },
        "/api/v1/search": {
          "parameters": [{"name": "q", "in": "query", "required": true, "description": "Words, each matched as a prefix", "schema": {"type": "string", "minLength": 1}}],
          "get": {"operationId": "search", "summary": "Full-text search over vendor and OCR text",
                  "responses": {"200": {"description": "Receipts, best first", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReceiptList"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/events/{eventId}/report": {
          "parameters": [{"$ref": "#/components/parameters/EventId"},
                         {"name": "format", "in": "query", "description": "pdf (default), csv or json; for a trip's claim also zip (PDF, CSV and the original images), geojson or kml",
                          "schema": {"type": "string", "enum": ["pdf", "csv", "json", "zip", "geojson", "kml"]}},
                         {"name": "quarter", "in": "query", "description": "A flat's quarter, e.g. 2025Q1", "schema": {"type": "string", "pattern": "^[0-9]{4}Q[1-4]$"}},
                         {"name": "year", "in": "query", "description": "A flat's four quarters or a project's fiscal year (default: the current year for a flat, the project's own for a project)",
                          "schema": {"type": "integer"}}],
          "get": {"operationId": "eventReport", "summary": "The event's report as a download, as rebut report writes it: a trip's expense claim, a flat's quarters, a project's deduction estimate",
                  "responses": {"200": {"description": "The file, with Content-Disposition: attachment; filename=...",
                                        "content": {"application/pdf": {}, "text/csv": {}, "application/json": {}, "application/zip": {},
                                                    "application/geo+json": {}, "application/vnd.google-earth.kml+xml": {}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}, "500": {"$ref": "#/components/responses/Error"}}}
        },
        "/api/v1/reports/summary": {
          "parameters": [{"name": "by", "in": "query", "required": true, "schema": {"type": "string", "enum": ["category", "payment", "month", "vendor", "event"]}},
                         {"name": "from", "in": "query", "schema": {"type": "string", "format": "date"}},
                         {"name": "to", "in": "query", "schema": {"type": "string", "format": "date"}},
                         {"name": "event", "in": "query", "description": "Only this event's receipts", "schema": {"type": "integer", "minimum": 1}},
                         {"name": "currency", "in": "query", "description": "Convert every amount to this currency at your rates", "schema": {"type": "string", "pattern": "^[A-Za-z]{3}$"}}],
          "get": {"operationId": "spendingSummary", "summary": "Spending across events, as rebut report --by ... --json prints it",
                  "responses": {"200": {"description": "The summary document: a table (group, receipts, total, share) and the receipts left out",
                                        "content": {"application/json": {"schema": {"type": "object"}}}},
                                "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                                "404": {"$ref": "#/components/responses/Error"}}}
        }
      },
      "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        "parameters": {
          "EventId": {"name": "eventId", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}},
          "ReceiptId": {"name": "receiptId", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}
        },
        "responses": {
          "Error": {"description": "A refusal, with the reason", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        },
        "schemas": {
          "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["status", "message"],
                    "properties": {"status": {"type": "integer"}, "message": {"type": "string"}}}}},
          "Money": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$", "description": "Exact decimal text, e.g. 12.50"},
          "Total": {"type": "object", "required": ["total", "receiptCount", "missingTotalCount"],
                    "properties": {"currency": {"type": "string"}, "total": {"$ref": "#/components/schemas/Money"},
                                   "receiptCount": {"type": "integer"}, "missingTotalCount": {"type": "integer"}}},
          "Event": {"type": "object", "required": ["id", "name", "kind", "active", "receiptCount", "needsReviewCount", "totals"],
                    "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                   "kind": {"type": "string", "enum": ["trip", "property", "project", "other"]},
                                   "place": {"type": "string"}, "startDate": {"type": "string", "format": "date"},
                                   "endDate": {"type": "string", "format": "date"}, "currency": {"type": "string"},
                                   "active": {"type": "boolean"}, "receiptCount": {"type": "integer"},
                                   "needsReviewCount": {"type": "integer"},
                                   "totals": {"type": "array", "items": {"$ref": "#/components/schemas/Total"}}}},
          "EventList": {"type": "object", "required": ["events"], "properties": {"events": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}}}},
          "EventInput": {"type": "object", "properties": {"name": {"type": "string"}, "kind": {"type": "string"}, "place": {"type": "string"},
                         "startDate": {"type": "string"}, "endDate": {"type": "string"}, "currency": {"type": "string"}, "active": {"type": "boolean"}}},
          "Receipt": {"type": "object", "required": ["id", "eventId", "fileName", "status", "uncertainFields", "confidence", "createdAt", "updatedAt"],
                      "properties": {"id": {"type": "integer"}, "eventId": {"type": "integer"}, "fileName": {"type": "string"},
                                     "vendor": {"type": "string"}, "date": {"type": "string", "format": "date"},
                                     "total": {"$ref": "#/components/schemas/Money"}, "currency": {"type": "string"},
                                     "payment": {"type": "string"}, "tax": {"$ref": "#/components/schemas/Money"},
                                     "category": {"type": "string"}, "status": {"type": "string", "enum": ["filed", "needs_review"]},
                                     "uncertainFields": {"type": "array", "items": {"type": "string"}},
                                     "confidence": {"type": "object", "additionalProperties": {"type": "number"}},
                                     "imageURL": {"type": "string"}, "ocrText": {"type": "string"},
                                     "createdAt": {"type": "string", "format": "date-time"}, "updatedAt": {"type": "string", "format": "date-time"}}},
          "ReceiptList": {"type": "object", "required": ["receipts"], "properties": {"receipts": {"type": "array", "items": {"$ref": "#/components/schemas/Receipt"}}}},
          "ReceiptPatch": {"type": "object", "required": ["fields"],
                           "properties": {"fields": {"type": "object", "additionalProperties": {"type": ["string", "null"]},
                                                     "description": "vendor, date, total, currency, payment, tax, category"},
                                          "eventId": {"type": "integer", "description": "Move the receipt to this event"}}},
          "Box": {"type": "object", "required": ["x", "y", "width", "height"],
                  "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}, "width": {"type": "integer"}, "height": {"type": "integer"}}},
          "Candidates": {"type": "object", "required": ["receiptId", "fields", "lines"],
                         "properties": {"receiptId": {"type": "integer"},
                                        "fields": {"type": "array", "items": {"type": "object", "required": ["field", "uncertain", "candidates"],
                                                   "properties": {"field": {"type": "string"}, "value": {"type": "string"}, "confidence": {"type": "number"},
                                                                  "uncertain": {"type": "boolean"},
                                                                  "candidates": {"type": "array", "items": {"type": "object", "required": ["rank", "value", "score", "line"],
                                                                                 "properties": {"rank": {"type": "integer"}, "value": {"type": "string"}, "score": {"type": "number"},
                                                                                                "line": {"type": "string"}, "lineIndex": {"type": "integer"}}}}}}},
                                        "lines": {"type": "array", "items": {"type": "object", "required": ["index", "text", "words"],
                                                  "properties": {"index": {"type": "integer"}, "text": {"type": "string"}, "box": {"$ref": "#/components/schemas/Box"},
                                                                 "words": {"type": "array", "items": {"type": "object",
                                                                           "properties": {"text": {"type": "string"}, "confidence": {"type": "number"}, "box": {"$ref": "#/components/schemas/Box"}}}}}}}}},
          "Upload": {"type": "object", "required": ["file", "outcome", "notes"],
                     "properties": {"file": {"type": "string"}, "outcome": {"type": "string", "enum": ["filed", "needs_review", "duplicate", "failed"]},
                                    "receipt": {"$ref": "#/components/schemas/Receipt"}, "error": {"type": "string"}, "stage": {"type": "string"},
                                    "notes": {"type": "array", "items": {"type": "string"}}}}
        }
      }
    }
    """#
}
