extension CategoryRules {
    /// The rules Rebut ships with, in the same format users edit (`rebut` can print them as a
    /// starting point). Keywords cover English, Spanish, Catalan, German and French receipts,
    /// plus Malay words and Malaysian chains. Vendor keywords are brands and shop types; text
    /// keywords are what the receipt body says.
    public static let builtInText = #"""
# Rebut category rules.
#
# One section per category:
#   [id]                 lower-case letters and digits, words joined by '-'
#   name: Meals          what people read (defaults to the id)
#   group: travel        travel | household | project
#   vendor: a, b         keywords looked for in the vendor's name, worth 3 each
#   text: a, b           keywords looked for anywhere on the receipt, worth 1 each
#   text 2: a, b         the same with an explicit weight for this line
# Keywords ignore case and accents and match whole words: "restaur*" matches any word
# starting with "restaur", "*maut" any word ending with "maut", and "gas natural" is a phrase.
# Everything after '#' is a comment.

# ---------------------------------------------------------------- travel

[meals]
name: Meals
group: travel
vendor: restaurant*, restaurante*, restoran, rstoran, gaststatte, gasthaus, wirtshaus, brauhaus, imbiss
vendor: cafe, cafes, cafeteria, café, kafe, coffee, kopitiam, bistro, bistrot, brasserie, bar, pub, taberna, tasca
vendor: cerveceria, sidreria, pizzeria, trattoria, burger, grill, kitchen, kitchenette, bakery, panaderia, forn
vendor: fleca, boulangerie, patisserie, pastisseria, pasteleria, backerei, konditorei, bakehouse, food, foods
vendor: kedai makan, warung, gerai, mamak, dim sum, noodle house, steakhouse, canteen, cantina, creperie
vendor: mcdonald*, kfc, burger king, starbucks, nando*, papparich, tealive, secret recipe, oldtown, subway
vendor: domino*, pizza hut, telepizza, tim hortons, costa coffee, pret, paul, vips, foodcourt, food court
text: menu, menú, postre, dessert, propina, pourboire, trinkgeld, tip, gratuity, comensales, couverts, pax
text: mesa, taula, table, tisch, bedienung, dine in, take away, takeaway, take out, takeout, eat in
text: coffee, cafe, café, latte, cappuccino, espresso, tea, teh, kopi, milo, tarik, cerveza, cervesa
text: beer, bier, biere, vino, wine, wein, vin, refresco, coke, cola, sandwich, bocadillo, entrepa
text: burger, hamburguesa, pizza, pasta, ensalada, salad, salade, croissant, tapas, racion, nasi, mee
text: roti, ayam, ikan, chicken, pollo, poulet, huhn, rice, arroz, noodle*, vege, vegetable, meat, pork
text: beef, fish, soup, sopa, set meal, combo, rice bowl
text 2: menu del dia, menú del día, menu du jour, tagesmenu, service charge, servicio de mesa

[lodging]
name: Lodging
group: travel
vendor: hotel, hotels, hôtel, hostal, hostel, motel, inn, resort, lodge, guesthouse, guest house
vendor: pension, pensión, gasthof, auberge, albergue, parador, apartaments, apartamentos, aparthotel
vendor: airbnb, booking com, chambre d hotes, bed and breakfast, homestay, chalet, youth hostel
text: habitacion, habitació, room, chambre, zimmer, noche, noches, nit, nits, nuit, nuitee, night, nights
text: ubernachtung, check in, check out, checkin, checkout, arrival, departure, llegada, salida
text 2: tasa turistica, taxa turistica, impost turistic, taxe de sejour, kurtaxe, city tax, tourism tax
text 2: room charge, room rate, tourist tax

[transport]
name: Transport
group: travel
vendor: taxi, taxis, uber, cabify, bolt, free now, freenow, mytaxi, grab, lyft, renfe, rodalies, fgc, tmb
vendor: emt, metro, alsa, avanza, monbus, vueling, iberia, ryanair, easyjet, air europa, air france
vendor: lufthansa, klm, british airways, airasia, malaysia airlines, firefly, deutsche bahn, db fernverkehr
vendor: sncf, ouigo, tgv, eurostar, flixbus, blablacar, iryo, hertz, avis, europcar, sixt, goldcar
vendor: rapidkl, ktm, ktmb, rent a car, car rental, airport transfer, ferry, trasmed, balearia
text: taxi, billete, bitllet, billet, fahrkarte, ticket, boarding pass, tarjeta de embarque, bordkarte
text: carte d embarquement, vuelo, vol, flug, flight, tren, train, zug, bus, autobus, autocar, tram
text: metro, trayecto, trajecte, trajet, fahrt, journey, trip, kilometros, km, carrera, pasajero, passenger
text: lrt, mrt, monorail, origen, destino, origin, destination, abfahrt, ankunft, depart, arrivee

[fuel]
name: Fuel
group: travel
vendor: gasolinera, benzinera, estacion de servicio, estacio de servei, station service, tankstelle
vendor: petronas, shell, bp, repsol, cepsa, galp, esso, totalenergies, caltex, petron, bhpetrol, aral
vendor: avia, agip, eni, q8, jet, omv, plenoil, ballenoil, petrol station, gas station, petrodeli
text: gasolina, gasoil, gasoleo, diesel, benzina, benzin, essence, gazole, sans plomb, unleaded, petrol
text: sin plomo, sense plom, super 95, super 98, e10, ron95, ron 95, ron97, ron 97, primax, v power
text: litros, litres, liter, liters, litre, ltr, kraftstoff, carburant, combustible, adblue, pump, surtidor
text: bomba, zapfsaule, pompe

[parking-tolls]
name: Parking and tolls
group: travel
vendor: parking, aparcamiento, aparcament, estacionamiento, parkhaus, parkplatz, tiefgarage, parc auto
vendor: saba, empark, indigo, q park, apcoa, interparking, ncp, carpark, car park, autopista*, autoroute*
vendor: abertis, vinci autoroutes, sanef, aprr, asfinag, plus malaysia, touch n go, smarttag, letak kereta
text: parking, aparcamiento, aparcament, estacionamiento, stationnement, parkgebuhr, parkschein, parkdauer
text: entrada, sortida, salida, einfahrt, ausfahrt, entree, sortie, duracion, durada, duree, zona azul
text: zona blava, peaje, peatge, peage, *maut, toll, tol, autobahn, vignette, matricula
text: kennzeichen, immatriculation, car park, letak kereta

[groceries]
name: Groceries
group: travel
vendor: supermarket, supermarkt, supermercado, supermercat, supermarche, supermarché, hipermercado
vendor: hypermarket, hypermarche, minimarket, mini market, minimart, mini mart, mart, grocer, grocery
vendor: groceries, colmado, ultramarinos, alimentacion, alimentacio, epicerie, lebensmittel, pasaraya
vendor: pasar mini, kedai runcit, mercadona, carrefour, lidl, aldi, dia, eroski, consum, bonpreu, bon preu
vendor: caprabo, condis, alcampo, hipercor, ahorramas, simply, spar, rewe, edeka, penny, netto, kaufland
vendor: monoprix, franprix, intermarche, leclerc, auchan, casino, tesco, sainsbury*, asda, waitrose
vendor: aeon, giant, lotus*, mydin, jaya grocer, village grocer, cold storage, 99 speed mart, speed mart
vendor: family mart, familymart, 7 eleven, seven eleven, kk mart, econsave, bens independent grocer
text: fruta, fruita, fruit, obst, verdura, verdures, legumes, gemuse, vegetables, leche, llet, lait
text: milch, milk, pan, pain, brot, bread, huevos, ous, oeufs, eier, eggs, yogur, yogurt, queso, cheese
text: fromage, kase, agua mineral, mineral water, bolsa, bossa, sac, tute, carrier bag, plastic bag
text: kg, /kg, peso, poids, gewicht, weight

[electronics]
name: Electronics
group: travel
vendor: electronics, electronica, electrònica, elektronik, electronique, mediamarkt, media markt, saturn
vendor: fnac, darty, boulanger, currys, apple store, worten, phone house, senheng, harvey norman
vendor: courts, elektro, electro
text: cable, usb, charger, cargador, carregador, chargeur, ladegerat, adapter, adaptador, adaptateur
text: battery, bateria, batteries, batterie, pila, pilas, piles, headphones, auriculares, earphones
text: casque, kopfhorer, power bank, powerbank, hdmi, sd card, memory card, tarjeta de memoria, mouse
text: raton, keyboard, teclado, smartphone, tablet, bulb, led

[office]
name: Office supplies
group: travel
vendor: stationery, papeleria, papereria, papeterie, schreibwaren, burobedarf, office depot, staples
vendor: popular book, book store, bookstore, books, libreria, llibreria, librairie, buchhandlung
vendor: copisteria, copy shop, printing, imprenta, print shop, mbe, mail boxes etc
text: stationery, papel, paper, papier, folio, folios, a4, a3, boligrafo, boli, pen, pens, stylo
text: kugelschreiber, pencil, lapiz, llapis, crayon, bleistift, notebook, libreta, cuaderno, cahier
text: heft, envelope, sobre, enveloppe, umschlag, toner, ink, tinta, encre, tinte, stapler, grapadora
text: agrafeuse, folder, carpeta, classeur, ordner, marker, rotulador, glue, pegamento, tape, celo
text: fotocopia*, photocopie, kopie, photocopy, printing, impresion, binding, laminating, calculator

# ---------------------------------------------------------------- household

[electricity]
name: Electricity
group: household
vendor: endesa, iberdrola, edp, holaluz, som energia, factor energia, curenergia, energia xxi, tnb
vendor: tenaga nasional, edf, engie, eon, e on, vattenfall, rwe, enbw, stadtwerke, octopus energy
vendor: electricidad, electricitat, electricite, strom
text: electricidad, electricitat, electricité, electricite, electricity, strom, stromrechnung, luz, llum
text 2: kwh, potencia contratada, termino de potencia, terme de potencia, energia consumida
text 2: energia activa, consumo electrico, factura de luz, factura electrica, peaje de acceso, cups
text 2: puissance souscrite, consommation electrique, zahlerstand, stromverbrauch, arbeitspreis
text 2: electricity bill, meter reading, bil elektrik

[gas]
name: Gas
group: household
vendor: naturgy, gas natural, nedgia, nortegas, redexis, madrilena red de gas, grdf, gaswerk, butano
vendor: repsol butano, gas malaysia, erdgas
text: gas natural, gas canalitzat, gas canalizado, butano, propano, bombona, erdgas, gaz, gaz naturel
text 2: consumo de gas, consum de gas, gas bill, gas supply, termino fijo gas, consommation de gaz
text 2: gasverbrauch, gasrechnung, kwh gas, m3 gas

[water]
name: Water
group: household
vendor: agua, aguas, aigua, aigues, agbar, canal de isabel ii, emasesa, aqualia, veolia, suez
vendor: eau de paris, wasserwerk, wasserversorgung, saur, air selangor, syabas, saj, indah water, water
text: agua, aigua, eau, wasser, water
text 2: consumo de agua, consum d aigua, consommation d eau, wasserverbrauch, abastecimiento
text 2: alcantarillado, clavegueram, saneamiento, sanejament, assainissement, abwasser, canon del agua
text 2: canon de l aigua, water bill, sewerage, bil air, m3 consumidos

[phone]
name: Phone
group: household
vendor: telefonica, movistar, vodafone, orange, yoigo, masmovil, pepephone, digi, lowi, simyo, o2
vendor: telekom, deutsche telekom, sfr, bouygues, free mobile, maxis, celcom, celcomdigi, u mobile
vendor: umobile, hotlink, xox, tune talk
text: telefono, teléfono, telefon, telèfon, telephone, téléphone, phone, mobile, movil, mòbil, mobil
text: mobilfunk, llamadas, trucades, appels, anrufe, calls, recarga, recarrega, recharge, aufladen
text: top up, topup, reload, prepaid, prepago, tarifa, forfait, sim

[internet]
name: Internet
group: household
vendor: unifi, time fibre, tm net, streamyx, finetwork, adamo, jazztel
text: internet, fibra, fibre, fiber, glasfaser, dsl, adsl, vdsl, broadband, banda ancha, wifi, router
text: livebox, freebox, mbps, gbps, conexion, connexio, connexion

[repairs]
name: Repairs
group: household
vendor: fontaneria, fontanero, lampista, lampisteria, plumber, plumbing, plomberie, plombier
vendor: electricista, electricien, elektriker, klempner, installateur, cerrajero, cerrajeria, serraller
vendor: locksmith, serrurier, schlusseldienst, reparaciones, reparacions, reparations, reparatur
vendor: handyman, manitas, pintor, painter, peintre, maler, cristaleria, vidriero, glazier
text: reparacion, reparació, reparacio, reparation, réparation, reparatur, repair, repairs, averia
text: avaria, panne, fuga, leak, caldera, boiler, chaudiere, heizung, calentador, termo, grifo, aixeta
text: robinet, tap, cisterna, persiana, cerradura, pany, serrure, schloss, lock
text 2: mano de obra, ma d obra, main d oeuvre, main d œuvre, arbeitszeit, arbeitsstunden, labour, labor
text 2: desplazamiento, desplacament, deplacement, anfahrt, call out, callout

[cleaning]
name: Cleaning
group: household
vendor: limpieza, limpiezas, neteja, nettoyage, reinigung, cleaning, cleaners, cleaner, lavanderia
vendor: bugaderia, laundry, laundrette, blanchisserie, pressing, tintoreria, waschsalon, wascherei
vendor: dobi, housekeeping
text: limpieza, neteja, nettoyage, reinigung, cleaning, lavado, rentat, lavage, wasche, laundry, dobi
text: detergente, detergent, waschmittel, lessive, lejia, lleixiu, bleach, javel, fregona, mop
text: garbage bag, trash bag, bin bag, bolsas basura, bosses escombraries, sacs poubelle, mullbeutel
text: housekeeping, ménage, menage, limpiadora, sponge, esponja, bayeta, gloves, guantes

# ---------------------------------------------------------------- project

[materials]
name: Materials
group: project
vendor: ferreteria, ferretería, bricolage, bricolaje, leroy merlin, bricomart, bauhaus, obi, hornbach
vendor: castorama, brico depot, bricodepot, toom, hagebau, wickes, b q, homebase, hardware, baumarkt
vendor: quincaillerie, drogueria, diy, kedai papan, papan, timber, building materials
vendor 2: electrical, elektrikal
vendor: materiales de construccion, materials de construccio, baustoffe
text: madera, fusta, holz, bois, timber, wood, plywood, cemento, ciment, zement, cement, mortar, mortero
text: pintura, paint, peinture, farbe, tornillo*, cargol*, screw*, vis, schraube*, clavos, claus, nails
text: pipe, tubo, tub, tuyau, rohr, pvc, silicona, silicone, sealant, adhesivo, adhesive, glue, brush
text: pincel, pinceau, pinsel, sandpaper, lija, papel de lija, sika, plancha, board, tile, azulejo
text: rajola, carrelage, fliesen, bolt, nut, washer, hinge, bisagra, wire, alambre, hose, manguera

[services]
name: Services
group: project
vendor: consulting, consultoria, consultora, consultancy, asesoria, assessoria, gestoria, notaria
vendor: notario, abogado*, advocat*, avocat*, rechtsanwalt*, steuerberater*, lawyer*, solicitor*
vendor: accountant*, accounting, contable, laboratorio, laboratori, laboratoire, labor, laboratory
vendor: courier, mensajeria, missatgeria, poslaju, pos malaysia, dhl, ups, fedex, seur, mrw, nacex
vendor: correos, la poste, deutsche post, gdex, j t express, ninja van, aws, amazon web services
vendor: google cloud, github, atlassian, digitalocean, hetzner, ovh
text: servicios, serveis, services, service fee, dienstleistung, prestation, prestacion, honorarios
text: honoraris, honoraires, honorar, fees, consultoria, consulting, consultancy, subscription
text: suscripcion, subscripcio, abonnement, licencia, llicencia, licence, license, lizenz, hosting
text: cloud, saas, envio, enviament, envoi, versand, shipping, delivery, entrega, livraison
text: translation, traduccion, traduccio, traduction, ubersetzung, analisis, analysis, analyse
text: testing, calibration, calibracion, certification, certificacion

[equipment]
name: Equipment
group: project
vendor: machinery, maquinaria, machines, outillage, werkzeug*, tools, herramientas, eines, ikea, ikano
vendor: equipment, equipos, equipaments, equipements, ausrustung, rs components, farnell, mouser
vendor: digikey, conrad, reichelt, misumi, rs online
text: equipment, equipo, equip, equipement, équipement, ausrustung, gerat, machine, maquina, maschine
text: tool, tools, herramienta, eina, outil, werkzeug, drill, taladro, trepant, perceuse, bohrmaschine
text: laptop, portatil, ordenador, ordinador, computer, ordinateur, rechner, monitor, printer
text: impresora, imprimante, drucker, oscilloscope, osciloscopio, multimeter, multimetro, microscope
text: microscopio, 3d printer, furniture, mobiliario, mobles, moebel, mobel, meuble, desk, escritorio
text: chair, silla, cadira, chaise, stuhl, shelf, estanteria, cabinet, armario

[other]
name: Other
group: project
"""#
}
