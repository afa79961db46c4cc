#!/usr/bin/env python3
"""Synthetic receipt TEXTS with ground truth, to see whether Rebut's vendor/date/total rules
generalise beyond the Malaysian SROIE scans they were developed on.

Each receipt is written as an OCR engine would return it: one printed line per text line,
columns separated by runs of spaces. Styles: Malaysia, Singapore, US, UK, Germany, France,
Spain, Catalonia and Australia, each as a supermarket, restaurant, petrol station, pharmacy,
hotel, taxi (and, in Malaysia, a hardware/stationery shop). Amounts are Decimal and every
receipt is built by arithmetic, so items, subtotal, tax, service, rounding, cash and change
always agree with the truth. OCR-like noise (--noise 0 none, 1 light, 2 heavy) is applied to
the text only, after the truth is fixed.

Usage:  python3 scripts/make-synthetic-texts.py --out DIR --count N --seed S [--noise 0|1|2] [--countries DE,FR] [--images]
Writes DIR/text/ID.txt, DIR/img/ID.jpg (an empty placeholder for the benchmark loader, or with
--images the noise-free text rendered as a scanned thermal slip: run with /usr/bin/python3) and
DIR/truth.jsonl: {"id","vendor","date","total","style","variant"}, vendor = first business-name line as
printed, date ISO, total = what the customer pays (dot, two decimals). Same seed, same output.
Conventions for the hard cases: a hotel's date is the departure (invoice) date, arrival and night
dates are distractors; a US merchant copy with a written-in tip totals amount + tip; cash-rounded
totals (MY, AU) are the rounded amount. Stdlib only.
"""

import argparse
import json
import os
import random
import re
import sys
import unicodedata
from collections import Counter
from datetime import date, datetime, time, timedelta
from decimal import ROUND_CEILING, ROUND_DOWN, ROUND_HALF_UP, Decimal as D

def P(s):
    return s.split("|")

def q(x):
    return D(x).quantize(D("0.01"), ROUND_HALF_UP)

def r05(x):  # cash rounding to the nearest 0.05 (Malaysia, Australia)
    return q((x * 20).quantize(D(1), ROUND_HALF_UP) / 20)

EN_MON = P("Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec")
GARBAGE = P("@ &%|(( ))|* *|~ ~|=/=|#%|.:.")
NOISE_GARBAGE = P("'.|. ,|||_ -|ii|:|'' .|=|l.|,'")
GUESTS = P("SMITH|TAN|MÜLLER|GARCIA|MARTIN|LEE|WONG|BROWN|ROSSI|KOWALSKI|NGUYEN|SILVA")
CARDMASK = P("****~~~~|XXXXXXXXXXXX~~~~|**** **** **** ~~~~|************~~~~")

# Per-country data. "~" in a template becomes a digit, "^" a capital letter, {F} a family or
# brand word, {P} a place, {S} a street name.
CO = {}
CO["MY"] = dict(
    lang="my", cur=P("RM|RM "), pre=True, comma=False, pmult=1, tld="com.my",
    fam=P("AH HOCK|LIM BROTHERS|CHEONG KEE|SEN HENG|KIAN HUAT|MUTIARA|BESTARI|JAYA MAJU|SRI INDAH|HONG SENG|AL-AMIN|SOON LEE"),
    place=P("CHERAS|PUCHONG|KLANG|AMPANG|SUBANG JAYA|KEPONG|SHAH ALAM|SETAPAK|PETALING JAYA|KAJANG|BANGSAR"),
    names=dict(market=P("PASARAYA {F}|{F} MINI MARKET|KEDAI RUNCIT {F}|{F} HYPERMARKET|99 SPEEDMART|MYDIN {P}"), restaurant=P("RESTORAN {F}|{F} KOPITIAM|KEDAI MAKAN {F}|{F} NASI KANDAR|{F} SEAFOOD RESTAURANT|{F} BAKERY & CAFE"), petrol=P("PETRONAS {P}|SHELL {P}|PETRON {P}|BHPETROL {P}"), pharmacy=P("FARMASI {F}|{F} PHARMACY|GUARDIAN {P}|CARING PHARMACY {P}"), hotel=P("HOTEL {F}|{F} BOUTIQUE HOTEL|{P} GRAND HOTEL"), taxi=P("SYARIKAT TEKSI {F}|{F} CAB SERVICES|TEKSI {P}"), shop=P("{F} HARDWARE|KEDAI PERABOT {F}|{F} STATIONERY|MR. D.I.Y. {P}|{F} ELECTRICAL")),
    legal=P("SDN BHD|SDN. BHD.|ENTERPRISE|TRADING|(M) SDN BHD"),
    street=P("NO. ~~, JALAN {S}|LOT ~~~, JALAN {S}|~~, JLN {S}|NO ~, {S}"),
    sname=P("SS 2/24|BUKIT BINTANG|PUCHONG PERDANA|MERANTI 3|KENARI 5|TAMAN MELATI|PJU 1A/3|IPOH|BESAR"),
    city=P("~~~~~ {P}, SELANGOR|~~~~~ KUALA LUMPUR|~~~~~ {P}, SELANGOR DARUL EHSAN|{P}, ~~~~~ W.P."),
    phone=P("TEL: 03-~~~~ ~~~~|Tel : 03-~~~~~~~~|TEL NO: 012-~~~ ~~~~|TEL/FAX: 03-~~~~ ~~~~"),
    ids=P("GST ID : 00~~~~~~~~~~|GST REG NO: 00~~~~~~~~~~|CO. REG. NO: ~~~~~~-^|(~~~~~~~-^)|SST ID: W10-~~~~-~~~~~~~~"),
    prefix=P("WELCOME TO|*** TAX INVOICE ***|SELAMAT DATANG"), title=P("TAX INVOICE|SIMPLIFIED TAX INVOICE|CASH BILL|RECEIPT"),
    doc=P("Receipt No: ~~~~~~|INV NO: CS~~~~~~~~|Bill No : ~~~~~|Doc No.: T~~~~~~~|CB#: ~~~~~"),
    staff=P("Cashier: ^^^^|CASHIER : ~~~|Salesperson: ^^^^^|Operator: ~~"), table=P("Table: ~~|TABLE NO: ~|Pax: ~|Counter ~"),
    dfmt=P("{d}/{m}/{Y}|{d}-{m}-{Y}|{d}/{m}/{y}|{j} {b} {Y}|{d}-{B}-{y}|{Y}-{m}-{d}|{d}.{m}.{Y}"),
    tfmt=P("{H}:{M}|{H}:{M}:{S}|{I}:{M}:{S} {p}|{I}:{M} {p}"), dlab=P("Date:|DATE :|Date :|Tarikh:"),
    tlab=P("Time:|TIME :|Masa:"), valid=P("Voucher valid until|Promotion ends|Expiry Date:"),
    thanks=P("THANK YOU. PLEASE COME AGAIN.|TERIMA KASIH|GOODS SOLD ARE NOT RETURNABLE|Thank you & Have a nice day!|** THANK YOU **"),
    loyal=P("Points Earned: ~~|Member No: ~~~~ ~~~~ ~~~~|Total Points: ~,~~~|BCard Pts: ~~"), saved=P("YOU SAVED|TOTAL SAVINGS"),
    fuel=P("PRIMAX 95|RON95|RON97|DIESEL|V-POWER 97|EURO 5 DIESEL"), ppl=(1.90, 2.60), room=(150, 450), fare=(8, 45),
    cash=P("CASH|Cash Received|TENDERED|CASH RM"), change=P("CHANGE|Change Due|CHANGE RM"),
    card=P("VISA|MASTER CARD|DEBIT CARD|CREDIT CARD|TNG EWALLET|BOOST"), slip=P("AMOUNT|SALE AMOUNT|TOTAL RM"),
    ok=P("APPROVED|APPROVAL CODE: ~~~~~~"))
CO["SG"] = dict(
    lang="en", cur=P("S$|$|SGD "), pre=True, comma=False, pmult=1.4, tld="com.sg",
    fam=P("TAN|ONG|KOH|HUP SENG|KIM HENG|ORCHID|LION CITY|HARBOUR|GOLDEN|JOO CHIAT"),
    place=P("TAMPINES|BEDOK|JURONG EAST|ANG MO KIO|TOA PAYOH|CLEMENTI|BUGIS|WOODLANDS"),
    names=dict(market=P("{F} MINIMART|FAIRPRICE {P}|SHENG SIONG {P}|COLD STORAGE {P}|{F} PROVISION SHOP"), restaurant=P("{F} KITCHEN|{F} EATING HOUSE|{F} BAK KUT TEH|{P} KOPITIAM|THE {F} BISTRO"), petrol=P("ESSO {P}|SHELL {P}|SPC {P}|CALTEX {P}"), pharmacy=P("WATSONS {P}|GUARDIAN {P}|{F} MEDICAL HALL"), hotel=P("HOTEL {F}|{F} HOTEL {P}|THE {F} INN"), taxi=P("{F} TAXI|COMFORTDELGRO|{F} CABS")),
    legal=P("PTE LTD|PTE. LTD.|LLP"), street=P("~~ {S} #01-~~|BLK ~~~ {S} #0~-~~|~~~ {S}"),
    sname=P("ORCHARD ROAD|TAMPINES ST ~~|BEDOK NORTH AVE ~|JURONG WEST ST ~~|RIVER VALLEY ROAD|TANJONG PAGAR ROAD"),
    city=P("SINGAPORE ~~~~~~|S(~~~~~~)|Singapore ~~~~~~"), phone=P("Tel: 6~~~ ~~~~|TEL: +65 6~~~ ~~~~|Tel: 9~~~ ~~~~"),
    ids=P("GST Reg No: ~~~~~~~~~^|UEN: ~~~~~~~~~^|GST REG: M~-~~~~~~~-~|Co Reg No: ~~~~~~~~~^"),
    prefix=P("WELCOME TO|*** TAX INVOICE ***"), title=P("TAX INVOICE|RECEIPT|Tax Invoice"),
    doc=P("Rcpt No: ~~~~~~|Receipt #: ~~~~-~~~~~|Bill No: B~~~~~|Inv: ~~~~~~~~"),
    staff=P("Cashier: ^^^^^|Served by: ^^^^|Staff: ~~~"), table=P("Table: ~~|Tbl ~~  Pax ~|TABLE ~~"),
    dfmt=P("{d}/{m}/{Y}|{j} {b} {Y}|{d}-{m}-{Y}|{d}/{m}/{y}|{Y}-{m}-{d}|{d} {B} {Y}"), tfmt=P("{H}:{M}|{I}:{M} {p}|{H}:{M}:{S}"),
    dlab=P("Date:|DATE:|Date :"), tlab=P("Time:|TIME:"), valid=P("Voucher valid till|Valid until|Offer expires"),
    thanks=P("Thank you! Please come again|THANK YOU|Have a nice day!|Prices are inclusive of GST"),
    loyal=P("LinkPoints earned: ~~|Member ID: ~~~~~~~~|Points Balance: ~,~~~"), saved=P("YOU SAVED|Total Savings"),
    fuel=P("SYNERGY 95|SYNERGY 98|V-POWER|FUELSAVE 95|DIESEL"), ppl=(2.2, 3.3), room=(180, 480), fare=(12, 45),
    cash=P("CASH|Cash Tendered|CASH SGD"), change=P("CHANGE|Change Due"),
    card=P("NETS|VISA|MASTERCARD|PayNow|AMEX|VISA ****~~~~|NETS FlashPay"), slip=P("AMOUNT|SALE|TOTAL SGD"),
    ok=P("APPROVED|APPROVAL CODE ~~~~~~|TRANSACTION APPROVED"))
CO["US"] = dict(
    lang="en", cur=P("$"), pre=True, comma=False, pmult=1, tld="com", vol="G", dist="mi", voldec=3,
    fam=P("Joe's|Lucky|Blue Moon|Liberty|Sunrise|Bayside|Maple|Eagle|Golden State|Rosa's"),
    place=P("Brooklyn|Austin|Oakland|Denver|Portland|Queens|Chicago|Tampa|Seattle"),
    names=dict(market=P("{F} Market|{F} Grocery|{P} Food Mart|Whole Foods Market|Trader Joe's|{F} Deli & Grocery"), restaurant=P("{F} Diner|{F} Grill|{F} Pizzeria|The {F} Tavern|{P} Taqueria|{F} Cafe"), petrol=P("Shell|Chevron|Exxon|Mobil|{F} Gas & Go|76"), pharmacy=P("CVS/pharmacy|Walgreens|{F} Drug|Rite Aid"), hotel=P("{P} Inn & Suites|The {F} Hotel|{F} Motel"), taxi=P("{P} Yellow Cab|{F} Taxi|{P} Checker Cab")),
    legal=P("Inc.|LLC|Corp."), street=P("~~~ {S}|~~~~ {S} Ste ~~~|~~ {S}"),
    sname=P("Main St|Broadway|W 34th St|Market St|Elm Ave|Sunset Blvd|N Lamar Blvd"),
    city=P("{P}, NY ~~~~~|{P}, TX ~~~~~|{P} CA ~~~~~-~~~~|{P}, IL ~~~~~|{P}, FL ~~~~~"),
    phone=P("(~~~) ~~~-~~~~|~~~-~~~-~~~~|Tel: (~~~) ~~~-~~~~"), ids=P("Store #~~~~|STORE ~~~~ REG ~~|Merchant ID: ~~~~~~~~~~~~"),
    prefix=P("WELCOME TO|Welcome to|*** CUSTOMER COPY ***"), title=P("SALES RECEIPT|Customer Copy|GUEST CHECK|RECEIPT"),
    doc=P("TRANS #~~~~|Check #~~~~|Order #~~~|TRN ~~~~ REG ~~ OPR ~~~"), staff=P("Cashier: ^^^^^|Server: ^^^^^|OP# ~~~"),
    table=P("Table ~~|Table: ~~ Guests: ~|TBL ~~/~"),
    dfmt=P("{m}/{d}/{Y}|{m}/{d}/{y}|{b} {j}, {Y}|{B} {d} {Y}|{Y}-{m}-{d}|{m}-{d}-{Y}|{n}/{j}/{Y}"),
    tfmt=P("{I}:{M} {p}|{I}:{M}:{S} {p}|{H}:{M}|{I}:{M}{p}"), dlab=P("Date:|DATE:|Date"), tlab=P("Time:|TIME:"),
    valid=P("Coupon expires|Return by|Offer valid through"),
    thanks=P("THANK YOU FOR SHOPPING WITH US|Thank you! Come again|Have a great day!|Returns accepted within 30 days with receipt"),
    loyal=P("Rewards #: ***~~~~|Points earned today: ~~|ExtraBucks earned: $~.00|Member savings: $~.~~"),
    saved=P("YOU SAVED|YOUR SAVINGS|Total Savings"), fuel=P("REGULAR|UNLEADED PLUS|PREMIUM|DIESEL"), ppl=(2.40, 4.90),
    room=(110, 380), fare=(9, 60), cash=P("CASH|CASH TEND|Cash"), change=P("CHANGE|CHANGE DUE|Change"),
    card=P("VISA ****~~~~|MASTERCARD XXXXXXXXXXXX~~~~|AMEX ***********~~~~|DEBIT ****~~~~|VISA CREDIT"),
    slip=P("AMOUNT|SALE|TOTAL"), ok=P("APPROVED|AUTH CODE: ~~~~~~|APPROVAL # ~~~~~~"))
CO["UK"] = dict(
    lang="en", cur=P("£"), pre=True, comma=False, pmult=0.75, tld="co.uk",
    fam=P("Patel|Green Leaf|Royal Oak|Crown|Harbour|Kings|Riverside|Oakwood|Wilson"),
    place=P("Camden|Leeds|Brixton|Hove|Didsbury|Clifton|Headingley|Islington"),
    names=dict(market=P("{F} Convenience Store|{F} Food & Wine|TESCO EXPRESS|Sainsbury's Local|Co-op {P}|{P} Mini Market"), restaurant=P("The {F} Arms|{F} Cafe|The {F}|{F} Fish Bar|{P} Tandoori|Pizza {F}"), petrol=P("Shell {P}|BP {P}|Esso {P}|Texaco {P}"), pharmacy=P("Boots|{F} Pharmacy|{P} Chemist|Superdrug {P}"), hotel=P("The {F} Hotel|{P} Lodge|{F} Guest House"), taxi=P("{P} Cars|{F} Taxis|{P} Private Hire")),
    legal=P("Ltd|Limited|PLC"), street=P("~~ {S}|Unit ~, {S}|~~~ {S}"),
    sname=P("High Street|Station Road|Church Lane|London Road|Market Place|Victoria Street"),
    city=P("{P}, ^^~ ~^^|{P} ^^~~ ~^^|London ^~ ~^^"), phone=P("Tel: 0~~~ ~~~ ~~~~|Tel 020 ~~~~ ~~~~|T: 01~~~ ~~~~~~"),
    ids=P("VAT No: GB ~~~ ~~~~ ~~|VAT Reg No. ~~~ ~~~~ ~~|Company No. ~~~~~~~~"),
    prefix=P("WELCOME TO|Welcome to|*** VAT RECEIPT ***"), title=P("VAT RECEIPT|RECEIPT|Customer Copy|VAT INVOICE"),
    doc=P("Receipt: ~~~~|Trans ~~~~ Till ~|Check No ~~~~|ST:~~~~ OP:~~~ TE:~~ TR:~~~~"),
    staff=P("Served by: ^^^^^|Cashier ~~~|Operator: ^^^^"), table=P("Table ~~|Table: ~~  Covers: ~|Tbl ~~"),
    dfmt=P("{d}/{m}/{Y}|{d}/{m}/{y}|{j} {b} {Y}|{d}-{b}-{Y}|{d} {B} {y}"), tfmt=P("{H}:{M}|{H}:{M}:{S}"),
    dlab=P("Date:|Date|DATE"), tlab=P("Time:|Time"), valid=P("Voucher valid until|Offer ends|Return by"),
    thanks=P("Thank you for shopping with us|Thank you, please call again|Please retain receipt|Thank you!"),
    loyal=P("Clubcard points this visit: ~~|Nectar points earned: ~~|Points balance: ~,~~~|Card no. ***~~~~"),
    saved=P("Total savings|You saved|Savings"), fuel=P("Unleaded|Super Unleaded|Diesel|V-Power Unleaded"), ppl=(1.15, 1.95),
    room=(75, 260), fare=(8, 40), cash=P("CASH|Cash|Cash tendered"), change=P("Change due|CHANGE|Change"),
    card=P("Card payment|VISA DEBIT|Contactless|MASTERCARD|Card"), slip=P("AMOUNT|SALE|Amount"),
    ok=P("AUTH CODE: ~~~~~~|APPROVED|PIN VERIFIED"))
CO["AU"] = dict(
    lang="en", cur=P("$|AUD "), pre=True, comma=False, pmult=1.5, tld="com.au",
    fam=P("Bondi|Harbour|Southern Cross|Kookaburra|Wattle|Coastal|Red Gum|Mates|Banksia"),
    place=P("Newtown|Fitzroy|Surry Hills|Bondi|Fremantle|Glenelg|Manly|Brunswick|Toowong"),
    names=dict(market=P("Woolworths {P}|Coles {P}|IGA {P}|{F} Fresh|ALDI {P}"), restaurant=P("{F} Cafe|The {F} Hotel|{F} Thai|{P} Bakery|{F} Kitchen & Bar"), petrol=P("Ampol {P}|BP {P}|Shell Coles Express|7-Eleven {P}|United {P}"), pharmacy=P("Chemist Warehouse {P}|Priceline Pharmacy|{P} Pharmacy|TerryWhite Chemmart"), hotel=P("{F} Motor Inn|{P} Hotel|{F} Apartments"), taxi=P("13CABS|{P} Taxis|Silver Service")),
    legal=P("Pty Ltd|PTY LTD|Pty. Ltd."), street=P("~~ {S}|Shop ~, ~~~ {S}|~~~ {S}"),
    sname=P("King St|Smith St|Brunswick St|Oxford St|Beach Rd|Military Rd"),
    city=P("{P} NSW ~~~~|{P} VIC ~~~~|{P} QLD ~~~~|{P} WA ~~~~"), phone=P("Ph: (02) ~~~~ ~~~~|Tel 03 ~~~~ ~~~~|Ph 04~~ ~~~ ~~~"),
    ids=P("ABN ~~ ~~~ ~~~ ~~~|ABN: ~~~~~~~~~~~|ACN ~~~ ~~~ ~~~"), prefix=P("WELCOME TO|*** TAX INVOICE ***"),
    title=P("TAX INVOICE|Tax Invoice|RECEIPT"), doc=P("Receipt # ~~~~~|Trans: ~~~~~~|Invoice No ~~~~|Order ~~~"),
    staff=P("Served by ^^^^^|Operator ~~|Staff: ^^^^"), table=P("Table ~~|Table No: ~~"),
    dfmt=P("{d}/{m}/{Y}|{d}/{m}/{y}|{j} {b} {Y}|{d}-{b}-{Y}|{Y}-{m}-{d}"), tfmt=P("{H}:{M}|{I}:{M} {p}|{I}:{M}:{S}{p}"),
    dlab=P("Date:|Date"), tlab=P("Time:"), valid=P("Valid until|Offer ends|Return by"),
    thanks=P("Thank you for shopping with us|Thanks, see you soon!|Cheers!|Please keep for your records"),
    loyal=P("Everyday Rewards: ***~~~~|flybuys points earned: ~~|Points balance: ~,~~~"), saved=P("You saved|Total savings"),
    fuel=P("Unleaded 91|Premium 95|Premium 98|E10|Diesel"), ppl=(1.25, 2.35), room=(140, 360), fare=(12, 70),
    cash=P("CASH|Cash|Cash Tendered"), change=P("CHANGE|Change"),
    card=P("EFTPOS|VISA|MASTERCARD|Debit Card|EFTPOS SAV|Contactless"), slip=P("PURCHASE AUD|TOTAL AUD|PURCHASE"),
    ok=P("APPROVED|(00) APPROVED|ACCEPTED"))
CO["DE"] = dict(
    lang="de", cur=P("EUR|€"), pre=False, comma=True, pmult=1, tld="de", vol="l",
    fam=P("Müller|Schmidt|Weber|Becker|Hoffmann|Schäfer|Koch|Wagner|Zimmermann|Krause"),
    place=P("Berlin|München|Köln|Hamburg|Leipzig|Stuttgart|Dresden|Bremen|Nürnberg|Mainz"),
    names=dict(market=P("REWE|EDEKA {F}|Lidl|ALDI SÜD|Netto Marken-Discount|Kaufland {P}|Bio-Markt {F}|PENNY"), restaurant=P("Gasthaus {F}|Restaurant Zum Löwen|Café {F}|Pizzeria Bella Napoli|Brauhaus {F}|Bäckerei {F}|Zur Alten Post"), petrol=P("ARAL Tankstelle|Shell Station {P}|JET Tankstelle|TotalEnergies {P}|Esso Station {F}"), pharmacy=P("{F}-Apotheke|Apotheke am Markt|Stadt-Apotheke {P}|Rathaus-Apotheke"), hotel=P("Hotel {F}|Hotel Garni {F}|{P} City Hotel|Gasthof zur Post"), taxi=P("Taxi {F}|Taxi-Zentrale {P}|Funktaxi {P}")),
    legal=P("GmbH|GmbH & Co. KG|e.K.|OHG"), street=P("{S} ~~|{S} ~~a"),
    sname=P("Hauptstraße|Bahnhofstr.|Marktplatz|Schillerstraße|Berliner Str.|Kirchweg|Goethestraße"),
    city=P("~~~~~ {P}|D-~~~~~ {P}"), phone=P("Tel. 0~~~/~~~~~~|Tel.: 0~~ ~~~~~~~|Telefon 0~~~-~~~~~"),
    ids=P("St-Nr. ~~/~~~/~~~~~|USt-IdNr.: DE~~~~~~~~~|Steuernummer: ~~~/~~~/~~~~~|UID Nr.: DE ~~~ ~~~ ~~~"),
    prefix=P("HERZLICH WILLKOMMEN|Willkommen|*** Kundenbeleg ***"), title=P("Kassenbon|RECHNUNG|Beleg|Quittung"),
    doc=P("Bon-Nr.: ~~~~|Beleg-Nr. ~~~~~|Bon ~~~~ Kasse ~|Rechnungs-Nr.: ~~~~~~"),
    staff=P("Kasse: ~  Bed.: ~~|Es bediente Sie: ^^^^^|Kassierer: ~~~|Bediener ~~"),
    table=P("Tisch ~~|Tisch: ~~|Tisch ~~ / Gäste ~"), dfmt=P("{d}.{m}.{Y}|{d}.{m}.{y}|{Y}-{m}-{d}|{d}.{m}.{Y}"),
    tfmt=P("{H}:{M}|{H}:{M}:{S}|{H}:{M} Uhr"), dlab=P("Datum:|Datum|Dat.:"), tlab=P("Uhrzeit:|Zeit:|Uhr:"),
    valid=P("Gültig bis|Gutschein gültig bis|Aktion gültig bis"),
    thanks=P("Vielen Dank für Ihren Einkauf|Danke für Ihren Besuch!|Bitte Kassenbon aufbewahren|Auf Wiedersehen"),
    loyal=P("PAYBACK Punkte: ~~|Payback-Karte: ****~~~~|Punktestand: ~.~~~|DeutschlandCard Punkte: ~~"),
    saved=P("Sie sparen|Ihre Ersparnis|Gespart"), fuel=P("Super E10|Super E5|Diesel|Super Plus 98|Ultimate Diesel"),
    ppl=(1.30, 2.15), room=(70, 220), fare=(9, 55), cash=P("Bar|BAR|Gegeben Bar|Bar EUR"),
    change=P("Rückgeld|Zurück|RÜCKGELD|Rückgeld EUR"), card=P("EC-Karte|Girocard|Kartenzahlung|VISA|Mastercard|EC-Cash"),
    slip=P("Betrag EUR|BETRAG|Umsatz"), ok=P("Zahlung erfolgt|GENEHMIGT|Autorisierung erfolgreich"))
CO["FR"] = dict(
    lang="fr", cur=P("€|EUR"), pre=False, comma=True, pmult=1, tld="fr",
    months=P("janv.|févr.|mars|avr.|mai|juin|juil.|août|sept.|oct.|nov.|déc."),
    fam=P("Martin|Bernard|Dubois|Moreau|Laurent|Lefèvre|Roux|Fournier|Girard|Bonnet"),
    place=P("Paris|Lyon|Marseille|Toulouse|Nantes|Bordeaux|Lille|Rennes|Nice"),
    names=dict(market=P("CARREFOUR MARKET|Monoprix|Intermarché {P}|Franprix|Épicerie {F}|Super U {P}|LECLERC {P}"), restaurant=P("Le Petit Zinc|Brasserie {F}|Café de la Gare|Boulangerie {F}|Chez {F}|Le Bistrot du Port|Crêperie {F}"), petrol=P("TotalEnergies {P}|Station Esso {P}|Intermarché Carburants|Shell {P}"), pharmacy=P("Pharmacie {F}|PHARMACIE DU CENTRE|Grande Pharmacie de {P}|Pharmacie de la Gare"), hotel=P("Hôtel {F}|Hôtel de la Gare|Ibis {P}|Hôtel du Parc"), taxi=P("Taxi {F}|Taxis G7|Taxi {P} Conventionné")),
    legal=P("SARL|SAS|SA|EURL"), street=P("~~ rue {S}|~ avenue {S}|~~ bd {S}|~~ place {S}"),
    sname=P("de la République|Victor Hugo|Jean Jaurès|du Général Leclerc|de la Paix|Saint-Michel|des Lilas"),
    city=P("~~~~~ {P}|~~~~~ {P} CEDEX"), phone=P("Tél : 0~ ~~ ~~ ~~ ~~|Tel. 0~.~~.~~.~~.~~|TEL 0~~~~~~~~~"),
    ids=P("SIRET ~~~ ~~~ ~~~ ~~~~~|SIRET : ~~~~~~~~~~~~~~|N° TVA FR~~~~~~~~~~~|RCS {P} B ~~~ ~~~ ~~~|NAF ~~~~^"),
    prefix=P("BIENVENUE|Bienvenue chez|*** TICKET CLIENT ***"), title=P("TICKET DE CAISSE|FACTURE|Ticket n° ~~~~|NOTE"),
    doc=P("Ticket n° ~~~~~|Caisse ~~ Ticket ~~~~|N° transaction ~~~~~~|Facture n° F~~~~~"),
    staff=P("Caissier: ^^^^^|Vendeur: ~~|Serveur: ^^^^^|Hôte: ~~"), table=P("Table ~~|Table: ~~  Couverts: ~|TABLE N° ~~"),
    dfmt=P("{d}/{m}/{Y}|{d}/{m}/{y}|{d}-{m}-{Y}|{j} {b} {Y}|{d}.{m}.{Y}"), tfmt=P("{H}:{M}|{H}:{M}:{S}|{H}h{M}"),
    dlab=P("Date :|Le|Date:"), tlab=P("Heure :|à|Heure:"), slipdate=P("LE {d}/{m}/{y} A {H}:{M}:{S}|Le {d}/{m}/{Y} à {H}:{M}"),
    valid=P("Bon valable jusqu'au|Offre valable jusqu'au|Échange possible jusqu'au"),
    thanks=P("MERCI DE VOTRE VISITE|Merci et à bientôt|A BIENTOT|Conservez votre ticket"),
    loyal=P("Carte fidélité n° ~~~~~~~~|Points cumulés: ~~~|Cagnotte: ~,~~ €"),
    saved=P("Vous avez économisé|Total remises|Economies"), fuel=P("SP95-E10|SP98|GAZOLE|E85|EXCELLIUM GAZOLE"),
    ppl=(1.35, 2.10), room=(75, 260), fare=(10, 60), cash=P("ESPECES|Espèces|ESPÈCES"), change=P("RENDU|Rendu monnaie|A RENDRE"),
    card=P("CB|CARTE BANCAIRE|CB SANS CONTACT|Carte Bleue|CB EMV"), slip=P("MONTANT =|MONTANT|Montant réel"),
    ok=P("DEBIT|TRANSACTION ACCEPTEE|PAIEMENT ACCEPTE"))
CO["ES"] = dict(
    lang="es", cur=P("€|EUR"), pre=False, comma=True, pmult=1, tld="es",
    months=P("ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic"),
    fam=P("García|Martínez|López|Sánchez|Pérez|Romero|Navarro|Torres|Ruiz|Serrano"),
    place=P("Madrid|Sevilla|Valencia|Zaragoza|Málaga|Bilbao|Murcia|Granada|Alicante"),
    names=dict(market=P("MERCADONA|Supermercado {F}|DIA|Carrefour Express|Alimentación {F}|Consum|Eroski City"), restaurant=P("Bar {F}|Restaurante {F}|Cafetería {P}|Taberna El Puerto|Bar Restaurante La Plaza|Mesón {F}"), petrol=P("Repsol {P}|Cepsa {P}|Galp {P}|BP {P}"), pharmacy=P("Farmacia {F}|FARMACIA LDO. {F}|Farmacia Central"), hotel=P("Hotel {F}|Hostal {P}|Hotel Plaza {P}"), taxi=P("Radio Taxi {P}|Taxi {F}|Tele Taxi {P}")),
    legal=P("S.L.|S.A.|S.L.U.|SL"), street=P("C/ {S}, ~~|Avda. {S}, ~~~|Calle {S} ~~|Pza. {S}, ~"),
    sname=P("Mayor|de Alcalá|Gran Vía|del Carmen|San Juan|de la Constitución|Real"), city=P("~~~~~ {P}|~~~~~ - {P}"),
    phone=P("Tel. 9~~ ~~~ ~~~|Tlf: 9~~~~~~~~|Teléfono: 9~~ ~~ ~~ ~~"),
    ids=P("NIF: B~~~~~~~~|CIF B-~~~~~~~~|N.I.F. ~~~~~~~~^|NIF A~~~~~~~~"), prefix=P("BIENVENIDOS|*** FACTURA SIMPLIFICADA ***"),
    title=P("FACTURA SIMPLIFICADA|TIQUE|Factura simplificada N.: T~~~-~~~~~~|TICKET"),
    doc=P("Ticket: ~~~~~|N. Factura: ~~~~/~~~~~|Fra. Simpl.: ~~~~~~|Nº Ticket ~~~~~"),
    staff=P("Le atendió: ^^^^^|Cajero: ~~|Camarero: ^^^^^|Vendedor ~~"), table=P("Mesa ~~|Mesa: ~~  Comensales: ~|MESA ~~"),
    dfmt=P("{d}/{m}/{Y}|{d}-{m}-{Y}|{d}/{m}/{y}|{d}.{m}.{Y}|{j} {b} {Y}"), tfmt=P("{H}:{M}|{H}:{M}:{S}|{H}:{M}h"),
    dlab=P("Fecha:|FECHA:|Fecha"), tlab=P("Hora:|HORA:"), valid=P("Válido hasta|Oferta válida hasta|Cambios hasta el"),
    thanks=P("GRACIAS POR SU VISITA|Gracias por su compra|¡Hasta pronto!|Conserve el ticket"),
    loyal=P("Tarjeta cliente: ****~~~~|Puntos acumulados: ~~~|Saldo club: ~,~~"),
    saved=P("Ahorro total|Usted ahorra|Ha ahorrado"), fuel=P("GASOLINA 95|SIN PLOMO 98|DIESEL E+|GASOLEO A|EFITEC 95"),
    ppl=(1.20, 1.95), room=(60, 220), fare=(8, 45), cash=P("Efectivo|Entregado|EFECTIVO"), change=P("Cambio|Devolución|CAMBIO"),
    card=P("Tarjeta|TARJETA CREDITO|Tarjeta bancaria|VISA|Pago con tarjeta"), slip=P("IMPORTE|Importe:|IMPORTE EUR"),
    ok=P("OPERACION APROBADA|AUTORIZADA|Aut: ~~~~~~"))
CO["CAT"] = dict(
    CO["ES"], lang="ca", tld="cat", months=P("gen.|febr.|març|abr.|maig|juny|jul.|ag.|set.|oct.|nov.|des."),
    fam=P("Puig|Vila|Soler|Ferrer|Font|Roca|Serra|Pujol|Casals"),
    place=P("Barcelona|Girona|Tarragona|Lleida|Sabadell|Terrassa|Reus|Vic"),
    names=dict(market=P("Bon Preu|Caprabo|Supermercat {F}|Condis|Queviures {F}|MERCADONA"), restaurant=P("Bar {F}|Restaurant Can {F}|Cafeteria {P}|Fonda {F}|Bar Restaurant La Plaça|Forn {F}"), petrol=P("Repsol {P}|Petrocat {P}|Bonàrea {P}|Esclat Oil"), pharmacy=P("Farmàcia {F}|FARMÀCIA {F}|Farmàcia Central"), hotel=P("Hotel {F}|Hostal {P}|Hotel Catalunya"), taxi=P("Taxi {F}|Radio Taxi {P}|Taxi Barcelona")),
    street=P("C/ {S}, ~~|Av. {S}, ~~~|Carrer {S}, ~~|Pl. {S}, ~"),
    sname=P("Major|de Gràcia|Diagonal|de Sant Pere|Nou|de la Rambla|del Mar"),
    prefix=P("BENVINGUTS|*** FACTURA SIMPLIFICADA ***"),
    title=P("FACTURA SIMPLIFICADA|TIQUET|Factura simplificada Núm.: T~~~-~~~~~~"),
    doc=P("Tiquet: ~~~~~|Núm. Factura: ~~~~/~~~~~|Fra. Simpl.: ~~~~~~"), staff=P("L'ha atès: ^^^^^|Caixer: ~~|Cambrer: ^^^^^"),
    table=P("Taula ~~|Taula: ~~  Comensals: ~"), dlab=P("Data:|DATA:|Data"), tlab=P("Hora:"),
    valid=P("Vàlid fins al|Oferta vàlida fins al|Canvis fins al"),
    thanks=P("GRÀCIES PER LA SEVA VISITA|Moltes gràcies!|Fins aviat!|Conservi el tiquet"),
    loyal=P("Targeta client: ****~~~~|Punts acumulats: ~~~"), saved=P("Estalvi total|Ha estalviat"),
    cash=P("Efectiu|Lliurat|EFECTIU"), change=P("Canvi|Retorn|CANVI"), card=P("Targeta|TARGETA|Pagament amb targeta|VISA"),
    slip=P("IMPORT|Import:|IMPORT EUR"), ok=P("OPERACIÓ APROVADA|AUTORITZADA"))
COUNTRY_WEIGHT = {"MY": 2, "SG": 2, "US": 2, "UK": 2, "DE": 2, "FR": 2, "ES": 1, "CAT": 1, "AU": 2}
KIND_WEIGHT = {"market": 3, "restaurant": 3, "petrol": 1, "pharmacy": 1, "hotel": 1, "taxi": 1, "shop": 1}

# Words by language: item-table headers, discount names, hotel and taxi vocabulary, pump.
WORDS = {
    "en": dict(ihead=[("DESCRIPTION", "QTY", "PRICE", "AMOUNT"), ("ITEM", "QTY", "U/P", "TOTAL")],
               disc=P("DISCOUNT|PROMO SAVING|MEMBER DISC|MULTIBUY"), bal=P("Balance|BALANCE DUE|Balance Due"),
               hotel=P("Room Charge|Breakfast|City Tax|Minibar|Arrival|Departure|Room|Guest"),
               taxi=P("Fare|Toll|Booking Fee|Distance|Driver|Start|End"), pump="Pump"),
    "my": dict(ihead=[("ITEM", "QTY", "U.PRICE", "AMT(RM)"), ("DESCRIPTION", "QTY", "PRICE", "TOTAL")],
               disc=P("DISKAUN|PROMO|MEMBER DISC"), bal=P("BALANCE|BALANCE DUE"),
               hotel=P("ROOM CHARGE|BREAKFAST|TOURISM TAX|MINIBAR|ARRIVAL|DEPARTURE|ROOM|GUEST"),
               taxi=P("FARE|TOLL|BOOKING FEE|DISTANCE|DRIVER|START|END"), pump="PUMP"),
    "de": dict(ihead=[("Artikel", "Menge", "Preis", "Betrag"), ("Bezeichnung", "Anz", "EP", "Summe")],
               disc=P("Rabatt|Aktionsrabatt|Preisvorteil"), bal=P("Saldo|Offener Betrag"),
               hotel=P("Übernachtung|Frühstück|Kurtaxe|Minibar|Anreise|Abreise|Zimmer|Gast"),
               taxi=P("Fahrpreis|Maut|Zuschlag|Strecke|Fahrer|Start|Ende"), pump="Säule"),
    "fr": dict(ihead=[("Désignation", "Qté", "P.U.", "Montant"), ("Article", "Qté", "Prix", "Total")],
               disc=P("REMISE|PROMO|REMISE FIDELITE"), bal=P("Solde|Solde à payer"),
               hotel=P("Nuitée|Petit déjeuner|Taxe de séjour|Minibar|Arrivée|Départ|Chambre|Client"),
               taxi=P("Course|Péage|Supplément|Distance|Chauffeur|Début|Fin"), pump="Pompe"),
    "es": dict(ihead=[("Descripción", "Cant.", "Precio", "Importe"), ("Artículo", "Uds", "PVP", "Total")],
               disc=P("DESCUENTO|PROMOCION|DTO. SOCIO"), bal=P("Saldo|Saldo pendiente"),
               hotel=P("Alojamiento|Desayuno|Tasa turística|Minibar|Llegada|Salida|Habitación|Cliente"),
               taxi=P("Tarifa|Peaje|Suplemento|Distancia|Conductor|Inicio|Fin"), pump="Surtidor"),
    "ca": dict(ihead=[("Descripció", "Quant.", "Preu", "Import"), ("Article", "Uts", "PVP", "Total")],
               disc=P("DESCOMPTE|PROMOCIÓ"), bal=P("Saldo|Saldo pendent"),
               hotel=P("Allotjament|Esmorzar|Taxa turística|Minibar|Arribada|Sortida|Habitació|Client"),
               taxi=P("Tarifa|Peatge|Suplement|Distància|Conductor|Inici|Fi"), pump="Sortidor"),
}

# Item pools: "NAME=price", price in local money; "*" = reduced/zero tax rate, "k" = sold by weight.
ITEMS = {
    ("en", "market"): P("MILK 2L=2.49*|WHITE BREAD=1.99*|BANANAS=0.69*k|FREE RANGE EGGS 12=3.89*|CHEDDAR 400G=4.50*|CHICKEN BREAST=6.99*|BASMATI RICE 1KG=2.79*|ORANGE JUICE 1L=2.29*|BUTTER 250G=2.65*|PASTA 500G=1.15*|TOILET TISSUE 9PK=5.99|COFFEE 200G=4.99*|CHOC BISCUITS=1.79|GREEK YOGHURT=2.20*|DISH SOAP=1.89|CEREAL 500G=3.29*|SPARKLING WATER=0.89|CRISPS 6PK=2.49|TOMATOES=2.20*k|APPLES GALA=2.60*k"),
    ("en", "restaurant"): P("CAESAR SALAD=11.5|CHEESEBURGER=14|FISH & CHIPS=15.5|MARGHERITA PIZZA=13|RIBEYE STEAK=28|FRIES=4.5|CLUB SANDWICH=12|IPA DRAFT=7|HOUSE RED GLASS=9|COKE=3|ICED TEA=3.5|CHOC BROWNIE=7.5|SOUP OF THE DAY=6.5|CHICKEN WINGS=11|LATTE=4.5|FLAT WHITE=4.2"),
    ("en", "pharmacy"): P("PARACETAMOL 500MG 16S=3.49|IBUPROFEN 200MG 24S=4.99|VITAMIN C 1000MG=8.99|COUGH SYRUP 100ML=7.49|PLASTERS 20S=3.29|HAND CREAM 75ML=5.49|SUNSCREEN SPF50=12.99|THROAT LOZENGES=4.29|ANTIHISTAMINE 30S=9.99|TOOTHPASTE 100ML=2.99"),
    ("my", "market"): P("MILO 1KG=18.9|GARDENIA BREAD=4.3|BERAS 5KG=17.5|MINYAK MASAK 2KG=12.9|GULA 1KG=2.85|TELUR GRED A 30S=14.5|MAGGI KARI 5S=5.6|KICAP MANIS=4.2|TEH BOH 100S=9.9|SARDIN 425G=6.5|BAWANG MERAH 1KG=5.5|IKAN BILIS 250G=9.8|SUSU PEKAT=3.6|TISU MUKA=6.9|DUTCH LADY 1L=7.2|100PLUS 1.5L=4.8"),
    ("my", "restaurant"): P("NASI LEMAK AYAM=9.5|MEE GORENG=7|ROTI CANAI=1.6|TEH TARIK=2.2|KOPI O=1.8|CHAR KUEY TEOW=8.5|NASI GORENG KAMPUNG=8|MILO AIS=3.2|LAKSA=8.5|AYAM PENYET=12.9|TEH O AIS LIMAU=2.5|WANTAN MEE=7.5|ROTI TELUR=2.5"),
    ("my", "shop"): P("PVC TAPE=2.5|SCREWDRIVER SET=15.9|LED BULB 9W=7.9|EXTENSION CORD 3M=19.9|STORAGE BOX=12.9|SCISSORS=4.9|SUPER GLUE=2.9|BATTERY AA 4S=6.9|A4 PAPER 500S=13.5|BALL PEN BLUE=1.2|FILE FOLDER=3.5|HOOK 5PCS=2.1"),
    ("my", "pharmacy"): P("PANADOL ACTIVEFAST=9.9|STREPSILS 16S=12.5|VITAMIN C 1000MG=35|MINYAK ANGIN=8.9|DETTOL 500ML=16.9|HANDSAPLAST=5.5|COUGH SYRUP=14.8|FACE MASK 50S=19.9|ORAL-B TOOTHBRUSH=6.9"),
    ("de", "market"): P("Bio Vollmilch 3,8%=1.19*|Roggenbrot 750g=2.49*|Bananen=1.39*k|Butter 250g=2.29*|Gouda Scheiben=1.99*|Joghurt Natur=0.59*|Eier Freiland 10St=2.89*|Spaghetti 500g=0.99*|Apfelsaft 1L=1.49|Tomaten=2.99*k|Kaffee Crema 1kg=12.99*|Mineralwasser 6x1,5L=3.29|Toilettenpapier 8R=3.45|Kartoffeln 2kg=2.79*|Spülmittel=1.15"),
    ("de", "restaurant"): P("Schnitzel Wiener Art=16.9*|Currywurst Pommes=8.5*|Weizenbier 0,5l=4.9|Apfelschorle 0,4l=3.6|Käsespätzle=12.5*|Rinderroulade=18.9*|Pils 0,3l=3.5|Espresso=2.4|Apfelstrudel=5.9*|Salatteller=9.8*|Cappuccino=3.4"),
    ("de", "pharmacy"): P("Ibuprofen 400 20St=4.95|Nasenspray=3.98|Vitamin D3 Tabl.=8.95|Hustensaft 100ml=9.49|Pflaster Strips=2.95|Handcreme=3.45|Aspirin Plus C=7.95|Magnesium 400=5.99"),
    ("fr", "market"): P("LAIT DEMI-ECR 1L=1.09*|BAGUETTE=1.10*|BEURRE DOUX 250G=2.45*|CAMEMBERT=2.15*|POMMES GOLDEN=2.49*k|YAOURT NATURE X4=1.35*|JAMBON BLANC X4=3.29*|CAFE MOULU 250G=3.19*|EAU MINERALE 6X1.5L=2.94*|COMTE AOP=4.50*|PATES 500G=0.95*|OEUFS X12=3.39*|VIN ROUGE 75CL=5.90|LESSIVE 2L=7.90"),
    ("fr", "restaurant"): P("CROQUE MONSIEUR=9.5*|STEAK FRITES=18.5*|SALADE NICOISE=14*|CAFE=2.2*|PICHET ROUGE 50CL=12|CREME BRULEE=7.5*|MENU DU JOUR=16.9*|QUICHE LORRAINE=8.5*|DEMI PRESSION=4.5|CAFE CREME=3.8*|EAU PLATE 50CL=3.5*"),
    ("fr", "pharmacy"): P("DOLIPRANE 1000MG=2.18*|SPASFON=3.95*|SERUM PHY 30 DOSES=4.50|VITAMINE C 500=6.90|CREME SOLAIRE SPF50=14.90|PASTILLES GORGE=5.20|BROSSE A DENTS=3.90"),
    ("es", "market"): P("LECHE ENTERA 1L=0.95*|PAN BARRA=0.65*|ACEITE OLIVA 1L=8.95*|TOMATE=1.99*k|HUEVOS L 12=2.60*|JAMON SERRANO=3.50*|QUESO MANCHEGO=5.95*|AGUA 1,5L=0.45*|YOGUR NATURAL 4=1.20*|ARROZ 1KG=1.35*|NARANJAS=1.49*k|CERVEZA 6X33CL=4.20|DETERGENTE=5.50|PATATAS 2KG=2.10*"),
    ("es", "restaurant"): P("CAFE CON LECHE=1.60|CAÑA=2.20|TORTILLA=3.50|PAN CON TOMATE=2.50|CROQUETAS=6.50|PATATAS BRAVAS=5|MENU DEL DIA=13.50|AGUA=1.80|COPA VINO=3|CAFE SOLO=1.30|CALAMARES=9|PAELLA=14|FLAN=3.50"),
    ("es", "pharmacy"): P("IBUPROFENO 600=2.50*|PARACETAMOL 1G=1.80*|PROTECTOR SOLAR 50=16.90|TIRITAS=3.20|JARABE TOS=7.40*|VITAMINA D=9.95"),
    ("ca", "restaurant"): P("CAFE AMB LLET=1.70|CANYA=2.30|TRUITA=3.80|PA AMB TOMÀQUET=2.60|CROQUETES=6.80|PATATES BRAVES=5.20|MENÚ DEL DIA=14.50|AIGUA=1.90|COPA DE VI=3.20|TALLAT=1.50|CALAMARS=9.50|CREMA CATALANA=4.50"),
}
US_RATES = P("4.5|6|6.25|7|7.25|8.25|8.875|9.5")

class It:
    def __init__(self, name, qty, unit, amt, red=False, pre=None, qty_text=None, fixed=False):
        self.name, self.qty, self.unit, self.amt, self.red = name, qty, unit, amt, red
        self.pre, self.qty_text, self.fixed = pre or [], qty_text, fixed

class Rc:
    """One receipt under construction: country data, per-receipt layout choices, printed lines."""

    def __init__(self, rng, cc, kind):
        self.rng, self.cc, self.c, self.kind, self.lines = rng, cc, CO[cc], kind, []
        self.lang, self.w = self.c["lang"], WORDS[self.c["lang"]]
        self.W = rng.randint(30, 46)
        self.group = rng.random() < 0.5                      # 1,234.50 / 1.234,50 over a thousand
        self.tminus = self.c["comma"] and rng.random() < 0.3  # "2,00-" instead of "-2,00"
        self.sym = rng.choice(self.c["cur"])
        self.curtot = rng.random() < 0.4                      # currency printed on the total line
        self.split = rng.choice([0, 0, 0, 0.2, 0.5])          # chance an amount goes below its label
        self.ifmt = rng.choice(["plain", "plain", "qtycol", "qtyfirst", "twoline", "table"])
        self.qbefore, self.qsep = rng.random() < 0.5, rng.choice([" ", "x ", " x ", "X "])
        self.dfmt, self.tfmt = rng.choice(self.c["dfmt"]), rng.choice(self.c["tfmt"])
        self.pct2, self.date_top = rng.random() < 0.4, rng.random() < 0.75
        d0 = date(2015, 1, 10)
        day = d0 + timedelta(days=rng.randrange((date(2026, 12, 31) - d0).days + 1))
        self.dt = datetime.combine(day, time(rng.randint(7, 22), rng.randrange(60), rng.randrange(60)))

    def pick(self, xs):
        return self.rng.choice(xs)

    def fill(self, s):
        return "".join(str(self.rng.randrange(10)) if ch == "~" else chr(65 + self.rng.randrange(26)) if ch == "^" else ch
                       for ch in s)

    def num(self, x, places=2, group=False):
        s = f"{x:,.{places}f}" if group else f"{x:.{places}f}"
        return s.replace(",", "_").replace(".", ",").replace("_", ".") if self.c["comma"] else s

    def m(self, x, cur=False):
        s = self.num(abs(x), 2, self.group)
        if x < 0:
            s = s + "-" if self.tminus else "-" + s
        if cur:
            s = self.sym + s if self.c["pre"] else s + " " + self.sym.strip()
        return s

    def pct(self, rate):
        if self.pct2 and rate == q(rate):
            return self.num(rate, 2)
        s = format(rate.normalize(), "f")
        return s.replace(".", ",") if self.c["comma"] else s

    def fmt(self, f, dt=None):
        dt, mon = dt or self.dt, self.c.get("months", EN_MON)
        return f.format(d=f"{dt.day:02d}", m=f"{dt.month:02d}", Y=dt.year, y=f"{dt.year % 100:02d}", j=dt.day,
                        n=dt.month, b=mon[dt.month - 1], B=mon[dt.month - 1].upper(), H=f"{dt.hour:02d}",
                        M=f"{dt.minute:02d}", S=f"{dt.second:02d}", I=(dt.hour - 1) % 12 + 1,
                        p="PM" if dt.hour >= 12 else "AM")

    def add(self, *lines):
        self.lines.extend(lines)

    def sep(self, p=1.0):
        if self.rng.random() < p and not (self.lines and self.lines[-1][:3] in ("---", "===", "***")):
            self.add(self.pick("-=*") * self.rng.randint(self.W // 2, self.W))

    def row(self, *cols):
        cols = [str(x) for x in cols]
        if len(cols) == 1:
            return cols[0]
        right = "  ".join([x.rjust(5) for x in cols[1:-1]] + [cols[-1].rjust(7 if len(cols) > 2 else 0)])
        left = cols[0]
        if len(cols) > 2:
            left = left[:max(8, self.W - 2 - len(right))]
        return left + " " * max(2, self.W - len(left) - len(right)) + right

    def kv(self, label, x, cur=False):
        a = self.m(x, cur)
        if self.rng.random() < self.split:
            self.add(label, a)
        else:
            self.add(self.row(label, a))

def price(rng, base):
    u = D(base) * D(str(round(rng.uniform(0.85, 1.2), 3)))
    end = rng.randrange(4)
    if end == 1 and u > 1:
        u = u.to_integral_value(ROUND_DOWN) + D("0.99")
    elif end == 2:
        u = (u * 10).to_integral_value(ROUND_HALF_UP) / 10
    elif end == 3:
        u = r05(u)
    return max(q(u), D("0.10"))

def goods(r, n):
    langs = [r.lang] + (["es"] if r.lang == "ca" else []) + ["en"]
    pool = next(ITEMS[(lg, k)] for k in (r.kind, "market") for lg in langs if (lg, k) in ITEMS)
    rng, items = r.rng, []
    barcode = r.cc == "MY" and rng.random() < 0.3
    for spec in rng.sample(pool, min(n, len(pool))):
        name, _, p = spec.rpartition("=")
        red, kg = "*" in p, "k" in p
        unit = price(rng, D(p.strip("*k")) * D(str(r.c["pmult"])))
        if kg and rng.random() < 0.6:
            w = D(rng.randint(120, 2400)) / 1000
            items.append(It(name, w, unit, q(w * unit), red, qty_text=f"  {r.num(w, 3)} kg x {r.m(unit)}/kg"))
        else:
            n = 1 if rng.random() < 0.72 else rng.randint(2, 4)
            items.append(It(name, n, unit, q(unit * n), red, pre=[r.fill("955~~~~~~~~~~")] if barcode else None))
        if r.kind == "market" and rng.random() < 0.15 and items[-1].amt > 1:
            cut = -q(items[-1].amt * rng.choice([10, 15, 20, 25, 30]) / 100)
            items.append(It("  " + r.pick(r.w["disc"]), 1, cut, cut, red, fixed=True))
    return items

def make_items(r):
    rng, c, k, w = r.rng, r.c, r.kind, r.w
    if k == "market":
        return goods(r, rng.choice([rng.randint(3, 8), rng.randint(8, 20)]))
    if k in ("restaurant", "pharmacy", "shop"):
        return goods(r, rng.randint(2, 8) if k != "pharmacy" else rng.randint(1, 5))
    if k == "petrol":
        dec = c.get("voldec", 2)
        vol = D(rng.uniform(3, 20) if c.get("vol") == "G" else rng.uniform(8, 60)).quantize(D(10) ** -dec)
        ppl = D(rng.uniform(*c["ppl"])).quantize(D("0.001"))
        u = c.get("vol", "L")
        fuel = It(r.pick(c["fuel"]), vol, ppl, q(vol * ppl), False, pre=[r.fill(f"{w['pump']} ~")],
                  qty_text=f"  {r.num(vol, dec)} {u} @ {r.num(ppl, 3)}/{u}")
        return [fuel] + (goods(r, rng.randint(1, 2)) if rng.random() < 0.35 else [])
    if k == "hotel":
        nights, rate = rng.randint(1, 6), price(rng, D(rng.randint(*c["room"])))
        r.arrival = r.dt - timedelta(days=nights)
        items = [It(f"{r.fmt(r.dfmt, r.arrival + timedelta(days=i))} {w['hotel'][0]}", 1, rate, rate, True, fixed=True)
                 for i in range(nights)]
        for idx, lo, hi in ((1, 8, 30), (2, 2, 10), (3, 5, 40)):
            if rng.random() < 0.45:
                n, u = nights if idx < 3 else 1, price(rng, D(rng.randint(lo, hi)) * D(str(c["pmult"])))
                items.append(It(w["hotel"][idx], n, u, q(n * u), idx != 1))
        return items
    fare = price(rng, D(rng.randint(*c["fare"])))
    items = [It(w["taxi"][0], 1, fare, fare, True, fixed=True)]
    for idx in (1, 2):
        if rng.random() < 0.3:
            x = price(rng, D(rng.randint(1, 8)))
            items.append(It(w["taxi"][idx], 1, x, x, True, fixed=True))
    return items

def print_items(r, items, code=None):
    f = r.ifmt
    if f == "table":
        r.add(r.row(*r.pick(r.w["ihead"])))
    for it in items:
        a = (r.m(it.amt) + " " + code(it)).rstrip() if code else r.m(it.amt)
        r.add(*it.pre)
        if it.qty_text:
            r.add(it.name, r.row(it.qty_text, a))
        elif f == "plain" or it.fixed:
            qline = f"  {it.qty} x {r.m(it.unit)}" if it.qty != 1 and not it.fixed else None
            r.add(*([qline] if qline and r.qbefore else []), r.row(it.name, a), *([qline] if qline and not r.qbefore else []))
        elif f == "qtycol":
            r.add(r.row(it.name, it.qty, a))
        elif f == "qtyfirst":
            r.add(r.row(f"{it.qty}{r.qsep}{it.name}", a))
        elif f == "twoline":
            r.add(it.name, r.row(f"{it.qty} x {r.m(it.unit)}", a))
        else:
            r.add(r.row(it.name, it.qty, r.m(it.unit), a))

def count(items):
    return sum(it.qty if isinstance(it.qty, int) else 1 for it in items if not it.fixed)

def amount(items):
    return sum((it.amt for it in items), D(0))

def tender_for(rng, total):
    opts = {q((total / s).to_integral_value(ROUND_CEILING) * s) for s in map(D, (1, 5, 10, 20, 50, 100))}
    bigger = sorted(o for o in opts if o > total)
    return rng.choice(bigger[:4]) if bigger and rng.random() < 0.85 else total

def total_line(r, labels, total):
    """Prints the total under one of labels (or a hotel 'Balance'); sometimes prints none at all."""
    if r.rng.random() < 0.06:
        return False
    r.sep(0.3)
    r.kv(r.pick(labels + (r.w["bal"] if r.kind == "hotel" else [])), total, cur=r.curtot)
    return True

def pay(r, total, cash, exact=False):
    c, rng = r.c, r.rng
    if cash:
        tender = total if exact else tender_for(rng, total)
        r.kv(r.pick(c["cash"]), tender, cur=r.curtot and rng.random() < 0.5)
        if tender != total or rng.random() < 0.5:
            r.kv(r.pick(c["change"]), tender - total)
        return
    label = r.fill(r.pick(c["card"]))
    r.kv(label, total)
    if rng.random() < 0.45:  # card slip: the amount again, a masked number, another date
        r.sep()
        scheme = next((x for x in ("VISA", "MASTERCARD", "AMEX", "MAESTRO") if x in label.upper().replace(" ", "")), None)
        r.add(r.fill((scheme or r.pick(["VISA", "MASTERCARD", "DEBIT", "MAESTRO"])) + " " + r.pick(CARDMASK)))
        if rng.random() < 0.6:
            f = r.pick(c.get("slipdate") or [f"{x}  {y}" for x in c["dfmt"] for y in c["tfmt"]])
            r.add(r.fmt(f))
        r.kv(r.pick(c["slip"]), total, cur=rng.random() < 0.5)
        r.add(r.fill(r.pick(c["ok"])))

def fin_my(r, items):
    rng = r.rng
    gst_era = date(2015, 4, 1) <= r.dt.date() < date(2018, 6, 1)
    print_items(r, items)
    r.sep(0.6)
    sub = amount(items)
    if rng.random() < 0.4 and count(items):
        r.add(r.row(r.pick(["Total Qty:", "Item(s):", "TOTAL QTY"]), count(items)))
    svc = q(sub / 10) if r.kind in ("restaurant", "hotel") and rng.random() < 0.6 else D(0)
    mode = rng.choice(["incl", "incl", "excl"]) if gst_era else rng.choice(["none", "sst", "none"])
    rate = D(6) if gst_era or r.dt.year < 2024 else D(rng.choice([6, 8]))
    base = sub + svc
    tax = {"incl": q(base * rate / (100 + rate)), "none": D(0)}.get(mode, q(base * rate / 100))
    gross = base + tax if mode in ("excl", "sst") else base
    cash = rng.random() < 0.6
    total = r05(gross) if cash else gross
    if rng.random() < 0.8 or svc or mode in ("excl", "sst"):
        r.kv(r.pick(["Total Sales (Excluding GST)", "SUB TOTAL", "Sub Total"] if mode == "excl" else ["SUB TOTAL", "Sub-Total", "SUBTOTAL"]), sub)
    if svc:
        r.kv(r.pick(["Service Charge 10%", "SVC CHG 10%", "S/C 10%"]), svc)
    if mode == "excl":
        r.kv(r.pick([f"GST @{rate}%", f"GST {rate}%", "Total GST"]), tax)
    if mode == "sst":
        r.kv(r.pick([f"SST {rate}%", f"Service Tax {rate}%", f"S.Tax ({rate}%)"]), tax)
    labels = ["TOTAL (RM)", "NETT TOTAL", "TOTAL", "Total Amount", "GRAND TOTAL", "TOTAL RM", "Total Amount Payable"]
    if mode == "incl" and rng.random() < 0.5:
        r.kv(r.pick(["Total Incl. GST", "Total Sales (Inclusive GST)", "Total Inclusive GST"]), gross)
    elif mode == "incl" and total == gross:
        labels.append("Total Incl. GST")
    if total != gross or (cash and rng.random() < 0.3):
        r.kv(r.pick(["Rounding Adj", "Rounding Adjustment", "ROUNDING", "Rounding"]), total - gross)
    shown = total_line(r, labels, total)
    pay(r, total, cash, exact=not shown)
    if mode in ("incl", "excl") and rng.random() < 0.6:
        r.add(r.row(*r.pick([("GST Summary", "Amount(RM)", "Tax(RM)"), ("Tax Code", "Amount", "GST")])))
        r.add(r.row(f"SR @ {rate}%", r.m(base if mode == "excl" else gross - tax), r.m(tax)))
        if rng.random() < 0.4:
            r.add(r.row("ZR @ 0%", r.m(D(0)), r.m(D(0))))
    return total

def fin_sg(r, items):
    rng = r.rng
    rate = D(7 if r.dt.year < 2023 else 8 if r.dt.year == 2023 else 9)
    print_items(r, items)
    r.sep(0.5)
    sub, cash = amount(items), rng.random() < 0.35
    if r.kind in ("restaurant", "hotel"):
        svc = q(sub / 10) if rng.random() < 0.85 else D(0)
        gst = q((sub + svc) * rate / 100)
        total = sub + svc + gst
        r.kv(r.pick(["Subtotal", "SUB-TOTAL", "Sub Total"]), sub)
        if svc:
            r.kv(r.pick(["Svc Chg 10%", "Service Charge 10%", "10% SVC CHG"]), svc)
        r.kv(r.pick([f"GST {rate}%", f"{rate}% GST", f"GST @ {rate}%"]), gst)
        shown = total_line(r, ["Grand Total", "TOTAL", "Total (SGD)", "NETT TOTAL", "Total Due"], total)
    else:
        total = sub
        if rng.random() < 0.5:
            r.kv("Subtotal", sub)
        shown = total_line(r, ["TOTAL", "Grand Total", "Total (SGD)", "Amount Due"], total)
        r.kv(r.pick([f"Incl. GST {rate}%", f"GST {rate}% incl.", f"Total includes {rate}% GST"]), q(total * rate / (100 + rate)))
    pay(r, total, cash, exact=not shown)
    return total

def fin_us(r, items):
    rng = r.rng
    print_items(r, items)
    r.sep(0.5)
    sub = amount(items)
    if rng.random() < 0.4 and count(items):
        r.add(f"{r.pick(['# ITEMS SOLD', 'ITEMS', 'Item count:'])} {count(items)}")
    coupon = -q(sub * rng.choice([5, 10, 15]) / 100) if r.kind in ("market", "pharmacy") and rng.random() < 0.25 else D(0)
    rate = D(r.pick(US_RATES)) if r.kind not in ("petrol", "taxi") else D(0)
    tax = q((sub + coupon) * rate / 100)
    total, cash = sub + coupon + tax, rng.random() < 0.35
    r.kv(r.pick(["SUBTOTAL", "Subtotal", "SUB TOTAL", "Sub-Total"]), sub)
    if coupon:
        r.kv(r.pick(["COUPON", "STORE COUPON", "PROMO"]), coupon)
    if rate:
        r.kv(r.pick([f"TAX {r.pct(rate)}%", "Sales Tax", "TAX", f"Sales Tax ({r.pct(rate)}%)", "TAX 1"]), tax)
    labels = ["TOTAL", "BALANCE DUE", "Amount Due", "TOTAL DUE", "Total"]
    tipmode = r.pick(["none", "suggest", "blank", "filled"]) if r.kind in ("restaurant", "taxi") else "none"
    if tipmode == "filled":  # merchant copy with the tip written in: the customer pays amount + tip
        tip = q(total * rng.choice([15, 18, 20, 22]) / 100)
        tip = q(tip.to_integral_value(ROUND_CEILING)) if rng.random() < 0.5 else tip
        paid = total + tip
        if rng.random() < 0.5:
            total_line(r, labels, total)
        r.kv(r.pick(["Amount:", "AMOUNT", "Purchase"]), total)
        r.kv(r.pick(["Tip:", "TIP", "Gratuity:"]), tip)
        r.kv(r.pick(["Total:", "TOTAL"]), paid)
        pay(r, paid, False)
        return paid
    shown = total_line(r, labels, total)
    if tipmode == "suggest":
        r.add(r.pick(["Suggested Gratuity:", "Tip Guide:"]))
        for p in (15, 18, 20, 22)[rng.randint(0, 1):]:
            t = q(total * p / 100)
            r.add(r.row(f"{p}% = {r.m(t)}", f"Total {r.m(total + t)}"))
    elif tipmode == "blank":
        r.add("Tip: ________", "Total: ________", "Signature: ____________")
    pay(r, total, cash, exact=not shown)
    return total

def fin_incl(r, items, sp):
    """Prices include VAT/GST (UK, DE, FR, ES, AU): total = goods (+ service, surcharge, rounding)."""
    rng = r.rng
    codes = sp["codes"]
    print_items(r, items, (lambda it: codes[it.red]) if rng.random() < sp.get("codep", 0.5) else None)
    r.sep(0.5)
    gross, cash = amount(items), rng.random() < 0.45
    svc = q(gross * sp["svc"][1] / 100) if sp.get("svc") and r.kind == "restaurant" and rng.random() < 0.5 else D(0)
    total = gross + svc
    if svc or rng.random() < 0.35:
        r.kv(r.pick(sp["sub"]), gross)
    if svc:
        r.kv(sp["svc"][0], svc)
    if sp.get("surcharge") and not cash and rng.random() < 0.3:
        s = q(total * D("0.015"))
        r.kv("Card Surcharge 1.5%", s)
        svc, total = svc + s, total + s
    if sp.get("round05") and cash and r05(total) != total:
        r.kv(r.pick(["Rounding", "ROUNDING", "Cash Rounding"]), r05(total) - total)
        total = r05(total)
    shown = total_line(r, sp["total"], total)
    rows, gross_by_rate = [], {}
    for red in (False, True):  # one VAT row per rate (both flags may share a rate)
        g = amount(it for it in items if it.red == red) + (svc if not red else 0)
        if g:
            code, g0 = gross_by_rate.get(sp["rates"][red], (codes[red], 0))
            gross_by_rate[sp["rates"][red]] = (code, g0 + g)
    for rate, (code, g) in gross_by_rate.items():
        t = q(g * rate / (100 + rate))
        rows.append((code, rate, g - t, t, g))
    table_first = rng.random() < 0.4
    if not table_first:
        pay(r, total, cash, exact=not shown)
    if rng.random() < sp.get("tablep", 0.6):
        r.add(r.row(*r.pick(sp["thead"])))
        for code, rate, net, t, g in rows:
            r.add(r.row(f"{code} {r.pct(rate)}%".strip(), r.m(net), r.m(t), r.m(g)))
    else:
        r.kv(r.pick(sp["incl"]), sum((x[3] for x in rows), D(0)))
    if table_first:
        pay(r, total, cash, exact=not shown)
    return total

def fin_uk(r, items):
    if r.kind != "market":
        for it in items:
            it.red = False
    return fin_incl(r, items, dict(
        rates={False: D(20), True: D(0)}, codes={False: "A", True: "Z"}, sub=P("SUBTOTAL|Sub-total|Subtotal"),
        total=P("TOTAL|Total to pay|BALANCE DUE|Total|AMOUNT DUE|TOTAL £"),
        svc=r.pick([("Optional Service 12.5%", D("12.5")), ("Service Charge 10%", D(10))]),
        thead=[("VAT Rate", "Net", "VAT", "Gross"), ("VAT", "NET", "VAT", "TOTAL")],
        incl=P("VAT included|Total VAT|VAT incl.")))

def fin_de(r, items):
    x = -D(r.rng.randint(1, 12)) * D("0.25")  # returned bottles, at the standard rate
    if r.rng.random() < 0.2 and r.kind == "market" and amount(it for it in items if not it.red) > -x:
        items.append(It("Leergut", 1, x, x, False, fixed=True))
    reduced_food = date(2020, 7, 1) <= r.dt.date() < date(2024, 1, 1)
    if r.kind == "pharmacy" or (r.kind == "restaurant" and not reduced_food):
        for it in items:
            it.red = False
    low = date(2020, 7, 1) <= r.dt.date() < date(2021, 1, 1)
    total = fin_incl(r, items, dict(
        rates={False: D(16 if low else 19), True: D(5 if low else 7)}, codes={False: "A", True: "B"}, codep=0.8,
        sub=P("Zwischensumme|Summe Artikel|ZWISCHENSUMME"),
        total=P("SUMME|Summe EUR|SUMME EUR|Gesamt|Zu zahlen|Gesamtbetrag|Total|Summe"),
        thead=[("MwSt%", "Netto", "MwSt", "Brutto"), ("Steuer", "Netto", "Steuer", "Umsatz"), ("MWST", "NETTO", "MWST", "BRUTTO")],
        incl=P("enthaltene MwSt|inkl. MwSt|darin MwSt")))
    if r.dt.year >= 2020 and r.rng.random() < 0.5:
        start = r.dt.strftime("%Y-%m-%dT%H:%M:%S")
        r.add(r.fill("TSE-Transaktion: ~~~~~~"), f"TSE-Start: {start}.000",
              f"TSE-Stop: {(r.dt + timedelta(seconds=r.rng.randint(5, 90))).strftime('%Y-%m-%dT%H:%M:%S')}.000",
              r.fill("TSE-Seriennr.: ^~^~~^~~^~~~^~~~"))
    return total

def fin_fr(r, items):
    total = fin_incl(r, items, dict(
        rates={False: D(20), True: D("5.5") if r.kind == "market" else D(10)}, codes={False: "2", True: "1"}, codep=0.4,
        sub=P("SOUS-TOTAL|SOUS TOTAL"), total=P("TOTAL TTC|TOTAL|Net à payer|A PAYER|MONTANT TTC|TOTAL A PAYER"),
        thead=[("TVA", "HT", "TVA", "TTC"), ("Taux", "Mt HT", "Mt TVA", "Mt TTC"), ("Code TVA", "Base HT", "TVA", "TTC")],
        incl=P("dont TVA|Total TVA|TVA incluse")))
    if r.kind == "restaurant" and r.rng.random() < 0.5:
        r.add("Service compris")
    return total

def fin_es(r, items):
    ca = r.lang == "ca"
    red = D(4) if r.kind == "pharmacy" else D(10)
    std = D(10) if r.kind in ("restaurant", "taxi", "hotel") else D(21)
    return fin_incl(r, items, dict(
        rates={False: std, True: red}, codes={False: "", True: ""}, codep=0,
        sub=P("SUBTOTAL|Subtotal"),
        total=P("TOTAL|Total a pagar|Import total|TOTAL (IVA INCL.)|Import") if ca
        else P("TOTAL|TOTAL (IVA INCL.)|TOTAL A PAGAR|TOTAL EUROS|IMPORTE TOTAL"),
        thead=[("IVA", "BASE", "QUOTA", "TOTAL"), ("%IVA", "Base Imp.", "Quota", "Import")] if ca
        else [("IVA", "BASE", "CUOTA", "TOTAL"), ("%IVA", "Base Imp.", "Cuota", "Importe")],
        incl=P("IVA inclòs|Quota IVA") if ca else P("IVA incluido|Cuota IVA")))

def fin_au(r, items):
    if r.kind != "market":
        for it in items:
            it.red = False
    sunday = r.kind == "restaurant" and r.dt.weekday() == 6
    return fin_incl(r, items, dict(
        rates={False: D(10), True: D(0)}, codes={False: "#", True: ""}, codep=0.5, tablep=0.2, round05=True, surcharge=True,
        sub=P("SUBTOTAL|Sub Total"), total=P("TOTAL|Total AUD|TOTAL $|Amount Due|TOTAL AUD"),
        svc=("Sunday Surcharge 10%", D(10)) if sunday else None, thead=[("GST", "Net", "GST", "Total")],
        incl=P("GST included in total|Total includes GST|GST INCLUDED|*Incl. GST")))

FIN = {"MY": fin_my, "SG": fin_sg, "US": fin_us, "UK": fin_uk, "DE": fin_de, "FR": fin_fr, "ES": fin_es, "CAT": fin_es, "AU": fin_au}

def header(r):
    """Optional prefix, business name line(s), address, phone, tax ids. Returns the vendor."""
    c, rng = r.c, r.rng
    if rng.random() < 0.25:
        r.add(r.pick(c["prefix"] + GARBAGE))
    tmpl, fam, place = r.pick(c["names"][r.kind]), r.pick(c["fam"]), r.pick(c["place"])
    trading = tmpl.replace("{F}", fam).replace("{P}", place)
    suffix = r.pick(c["legal"])
    legal = f"{fam if '{F}' in tmpl else trading} {suffix}"
    v = rng.random()
    if v < 0.4:
        names = [trading]
    elif v < 0.6:
        names = [f"{trading} {suffix}"]                       # the legal entity is the name line
    elif v < 0.88:
        names = [trading, r.pick([legal, f"({legal})"])]      # trading name, legal line below
    else:
        names = [legal, trading]
    r.add(*names)
    if r.kind != "taxi" or rng.random() < 0.4:
        r.add(r.fill(r.pick(c["street"]).replace("{S}", r.pick(c["sname"]))), r.fill(r.pick(c["city"]).replace("{P}", place)))
    if rng.random() < 0.7:
        r.add(r.fill(r.pick(c["phone"])))
    for s in rng.sample(c["ids"], rng.choice([0, 1, 1, 2])):
        r.add(r.fill(s.replace("{P}", place)))
    if rng.random() < 0.15:
        ascii_name = unicodedata.normalize("NFKD", trading.lower()).encode("ascii", "ignore").decode()
        r.add("www." + re.sub(r"[^a-z0-9]", "", ascii_name)[:16] + "." + c["tld"])
    return names[0]

def date_line(r, fmt=None):
    c = r.c
    d, t = r.fmt(fmt or r.dfmt), r.fmt(r.tfmt)
    dl, tl = r.pick(c["dlab"]), r.pick(c["tlab"])
    shapes = [[f"{dl} {d}", f"{tl} {t}"], [r.row(f"{dl} {d}", f"{tl} {t}")], [r.row(d, t)], [f"{d} {t}"],
              [r.row(f"{d} {t}", r.fill(r.pick(c["doc"])))], [f"{dl} {d}"], [d]]
    r.add(*r.pick(shapes))


def doc_block(r):
    c, rng, w = r.c, r.rng, r.w
    if rng.random() < 0.35:
        r.add(r.fill(r.pick(c["title"])))
    lines = []
    if rng.random() < 0.7:
        lines.append(r.fill(r.pick(c["doc"])))
    if rng.random() < 0.5 and r.kind != "taxi":
        lines.append(r.fill(r.pick(c["staff"])))
    if r.kind == "restaurant" and rng.random() < 0.7:
        lines.append(r.fill(r.pick(c["table"])))
    if r.kind == "taxi":
        km = D(rng.randint(15, 400)) / 10
        end = r.dt + timedelta(minutes=rng.randint(6, 50))
        lines += [f"{w['taxi'][3]}: {r.num(km, 1)} {c.get('dist', 'km')}", r.fill(f"{w['taxi'][4]}: ~~~~"),
                  r.row(f"{w['taxi'][5]} {r.fmt('{H}:{M}')}", f"{w['taxi'][6]} {r.fmt('{H}:{M}', end)}")]
    if r.kind == "hotel":
        hw = w["hotel"]
        lines += [r.fill(f"{hw[6]}: ~~~"), f"{hw[7]}: {r.pick(['MR', 'MS', 'Mr', 'Mrs'])} {r.fill('^')}. {r.pick(GUESTS)}",
                  r.row(f"{hw[4]}: {r.fmt(r.dfmt, r.arrival)}", f"{hw[5]}: {r.fmt(r.dfmt)}")]
    if len(lines) >= 2 and rng.random() < 0.3:
        lines[:2] = [r.row(lines[0], lines[1])]
    r.add(*lines)
    if r.date_top:
        date_line(r)

def footer(r, items):
    c, rng = r.c, r.rng
    if not r.date_top or rng.random() < 0.15:
        r.sep(0.3)
        date_line(r, r.pick(c["dfmt"]) if rng.random() < 0.3 else None)
    saved = -amount(it for it in items if it.amt < 0)
    if saved and rng.random() < 0.6:
        r.kv(r.pick(c["saved"]), saved)
    if rng.random() < 0.35:
        r.add(r.fill(r.pick(c["loyal"])))
    if rng.random() < 0.3:  # a second, different date: a voucher or return deadline
        r.add(f"{r.pick(c['valid'])} {r.fmt(r.dfmt, r.dt + timedelta(days=rng.choice([7, 14, 30, 60, 90, 365])))}")
    r.add(*rng.sample(c["thanks"], rng.randint(1, 2)))

CONFUSE = {"O": "0", "0": "O", "o": "0", "l": "1", "I": "1", "1": "l", "S": "5", "5": "S", "B": "8", "8": "B",
           "Z": "2", "2": "Z", "G": "6", "6": "G", "i": "l"}

def add_noise(rng, lines, level):
    """OCR-like damage to the printed text (never to the truth); modest per receipt."""
    if level <= 0:
        return lines
    k = (0.007 if level == 1 else 0.028) * rng.uniform(0.4, 1.2)
    out = []
    for ln in lines:
        if rng.random() < k * 2:
            out.append(rng.choice(NOISE_GARBAGE))
        if rng.random() < k * 3:
            ln = re.sub(r" {2,}", " ", ln)
        if rng.random() < k * 3:
            ln = re.sub(r"(\d)([.,]\d\d)\b", r"\1 \2", ln, count=1)
        if rng.random() < k * 4:
            ln = ln.replace("rn", "m", 1) if "rn" in ln else ln.replace("m", "rn", 1)
        chars = []
        for ch in ln:
            x = rng.random()
            if ch in CONFUSE and x < k:
                chars.append(CONFUSE[ch])
            elif ch == " " and x < k / 2:
                chars.append(rng.choice(["", "  "]))
            elif ch in ".,:" and x < k / 3:
                pass
            else:
                chars.append(ch + (rng.choice(".,'") if ch in ".,:-" and x > 1 - k / 4 else ""))
        out.append("".join(chars))
    return out

def build(rng, countries=None):
    weights = {k: v for k, v in COUNTRY_WEIGHT.items() if not countries or k in countries}
    cc = rng.choices(list(weights), list(weights.values()))[0]
    kinds = [k for k in KIND_WEIGHT if k in CO[cc]["names"]]
    kind = rng.choices(kinds, [KIND_WEIGHT[k] for k in kinds])[0]
    r = Rc(rng, cc, kind)
    items = make_items(r)
    vendor = header(r)
    doc_block(r)
    total = FIN[cc](r, items)
    footer(r, items)
    text = "\n".join(r.lines)
    assert total > 0 and r.m(total) in text, (cc, kind, total)
    return r, vendor, total

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def render(lines, rng, path):
    """The receipt as a thermal till prints it, scanned at 200 dpi: 42 monospace columns on an
    80 mm slip, grey ink of varying strength, slight blur and paper noise. Needs Pillow
    (Debian's python3-pil: run this script with /usr/bin/python3)."""
    from PIL import Image, ImageDraw, ImageFilter, ImageFont
    size = rng.choice([20, 22, 24])
    font = ImageFont.truetype(FONT, size)
    step = int(size * 1.35)
    width = max(560, max((int(font.getlength(line)) for line in lines), default=0) + 60)
    image = Image.new("L", (width, step * len(lines) + 120), rng.randint(225, 250))
    draw = ImageDraw.Draw(image)
    ink = rng.randint(0, 90)
    for row, line in enumerate(lines):
        draw.text((30, 60 + row * step), line, font=font, fill=ink)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.9)))
    speckle = Image.effect_noise(image.size, rng.uniform(6, 14))
    image = Image.blend(image, speckle, 0.08)
    image.convert("RGB").save(path, "JPEG", quality=rng.randint(70, 90))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--noise", type=int, default=1, choices=[0, 1, 2])
    ap.add_argument("--countries", help="only these styles, comma-separated (e.g. DE,FR)")
    ap.add_argument("--images", action="store_true",
                    help="render each receipt's noise-free text as img/ID.jpg instead of an empty placeholder")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, "text"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "img"), exist_ok=True)
    styles, width = Counter(), max(4, len(str(a.count)))
    with open(os.path.join(a.out, "truth.jsonl"), "w", encoding="utf-8") as truth:
        for i in range(1, a.count + 1):
            rid = f"syn-{i:0{width}d}"
            rng = random.Random(f"{a.seed}-{i}")
            r, vendor, total = build(rng, set(a.countries.split(",")) if a.countries else None)
            lines = add_noise(random.Random(f"{a.seed}-{i}-noise"), r.lines, a.noise)
            with open(os.path.join(a.out, "text", rid + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            image_path = os.path.join(a.out, "img", rid + ".jpg")
            if a.images:
                render(r.lines, random.Random(f"{a.seed}-{i}-image"), image_path)
            else:
                open(image_path, "wb").close()
            style = f"{r.cc}/{r.kind}"
            styles[style] += 1
            truth.write(json.dumps({"id": rid, "vendor": vendor, "date": r.dt.date().isoformat(),
                                    "total": f"{total:.2f}", "style": style, "variant": style.split("/")[0]}, ensure_ascii=False) + "\n")
    print(f"make-synthetic-texts: {a.count} receipts in {a.out} (noise {a.noise}): "
          + ", ".join(f"{s} {n}" for s, n in sorted(styles.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
