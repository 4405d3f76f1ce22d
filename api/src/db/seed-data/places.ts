// Real cities per country of spec section 9, each with its region as named by country-region-data.
export const PLACES: Record<string, [city: string, region: string][]> = {
  NL: [
    ['Amsterdam', 'Noord-Holland'], ['Haarlem', 'Noord-Holland'], ['Rotterdam', 'Zuid-Holland'], ['Den Haag', 'Zuid-Holland'],
    ['Leiden', 'Zuid-Holland'], ['Utrecht', 'Utrecht'], ['Amersfoort', 'Utrecht'], ['Eindhoven', 'Noord-Brabant'],
    ['Tilburg', 'Noord-Brabant'], ['Breda', 'Noord-Brabant'], ['Groningen', 'Groningen'], ['Zwolle', 'Overijssel'],
    ['Enschede', 'Overijssel'], ['Nijmegen', 'Gelderland'], ['Arnhem', 'Gelderland'], ['Maastricht', 'Limburg'],
    ['Leeuwarden', 'Friesland'], ['Almere', 'Flevoland'], ['Assen', 'Drenthe'], ['Middelburg', 'Zeeland'],
  ],
  BE: [['Brussel', 'Brussels'], ['Antwerpen', 'Flanders'], ['Gent', 'Flanders'], ['Brugge', 'Flanders'], ['Leuven', 'Flanders'], ['Liège', 'Wallonia'], ['Namur', 'Wallonia'], ['Charleroi', 'Wallonia']],
  DE: [
    ['Berlin', 'Berlin'], ['Hamburg', 'Hamburg'], ['München', 'Bayern'], ['Nürnberg', 'Bayern'], ['Köln', 'Nordrhein-Westfalen'],
    ['Düsseldorf', 'Nordrhein-Westfalen'], ['Dortmund', 'Nordrhein-Westfalen'], ['Frankfurt am Main', 'Hessen'], ['Stuttgart', 'Baden-Württemberg'],
    ['Leipzig', 'Sachsen'], ['Dresden', 'Sachsen'], ['Hannover', 'Niedersachsen'], ['Bremen', 'Bremen'],
  ],
  AT: [['Wien', 'Wien'], ['Graz', 'Steiermark'], ['Linz', 'Oberösterreich'], ['Salzburg', 'Salzburg'], ['Innsbruck', 'Tirol'], ['Klagenfurt', 'Kärnten']],
  CH: [['Zürich', 'Zürich'], ['Genève', 'Genève'], ['Basel', 'Basel-Stadt'], ['Bern', 'Bern'], ['Lausanne', 'Vaud'], ['Lugano', 'Ticino'], ['Luzern', 'Luzern']],
  FR: [
    ['Paris', 'Île-de-France'], ['Marseille', "Provence-Alpes-Côte d'Azur"], ['Nice', "Provence-Alpes-Côte d'Azur"], ['Lyon', 'Auvergne-Rhône-Alpes'],
    ['Toulouse', 'Occitanie'], ['Montpellier', 'Occitanie'], ['Bordeaux', 'Nouvelle-Aquitaine'], ['Nantes', 'Pays de la Loire'], ['Lille', 'Hauts-de-France'],
    ['Strasbourg', 'Grand Est'], ['Rennes', 'Bretagne'],
  ],
  IT: [
    ['Roma', 'Lazio'], ['Milano', 'Lombardia'], ['Bergamo', 'Lombardia'], ['Napoli', 'Campania'], ['Torino', 'Piemonte'], ['Firenze', 'Toscana'],
    ['Bologna', 'Emilia-Romagna'], ['Venezia', 'Veneto'], ['Verona', 'Veneto'], ['Palermo', 'Sicilia'], ['Bari', 'Puglia'],
  ],
  ES: [
    ['Madrid', 'Madrid'], ['Barcelona', 'Barcelona'], ['Valencia', 'Valencia/València'], ['Sevilla', 'Sevilla'], ['Málaga', 'Málaga'],
    ['Zaragoza', 'Zaragoza'], ['Bilbao', 'Bizkaia'], ['Alicante', 'Alicante'], ['Granada', 'Granada'], ['Palma', 'Illes Balears'],
  ],
  PL: [
    ['Warszawa', 'Mazowieckie'], ['Kraków', 'Małopolskie'], ['Łódź', 'Łódzkie'], ['Wrocław', 'Dolnośląskie'], ['Poznań', 'Wielkopolskie'],
    ['Gdańsk', 'Pomorskie'], ['Szczecin', 'Zachodniopomorskie'], ['Lublin', 'Lubelskie'], ['Katowice', 'Śląskie'],
  ],
  GB: [
    ['London', 'Camden'], ['Manchester', 'Manchester'], ['Birmingham', 'Birmingham'], ['Leeds', 'Leeds'], ['Liverpool', 'Liverpool'],
    ['Bristol', 'Bristol, City of'], ['Edinburgh', 'Edinburgh, City of'], ['Glasgow', 'Glasgow City'], ['Cardiff', 'Cardiff'], ['Belfast', 'Belfast City'],
  ],
  IE: [['Dublin', 'Dublin'], ['Cork', 'Cork'], ['Galway', 'Galway'], ['Limerick', 'Limerick'], ['Waterford', 'Waterford'], ['Kilkenny', 'Kilkenny']],
  US: [
    ['New York', 'New York'], ['Los Angeles', 'California'], ['San Francisco', 'California'], ['Chicago', 'Illinois'], ['Houston', 'Texas'],
    ['Austin', 'Texas'], ['Miami', 'Florida'], ['Seattle', 'Washington'], ['Boston', 'Massachusetts'], ['Denver', 'Colorado'], ['Atlanta', 'Georgia'],
  ],
  CA: [['Toronto', 'Ontario'], ['Ottawa', 'Ontario'], ['Montréal', 'Quebec'], ['Québec', 'Quebec'], ['Vancouver', 'British Columbia'], ['Calgary', 'Alberta'], ['Winnipeg', 'Manitoba'], ['Halifax', 'Nova Scotia']],
  AU: [['Sydney', 'New South Wales'], ['Melbourne', 'Victoria'], ['Brisbane', 'Queensland'], ['Perth', 'Western Australia'], ['Adelaide', 'South Australia'], ['Hobart', 'Tasmania'], ['Canberra', 'Australian Capital Territory']],
  NZ: [['Auckland', 'Auckland'], ['Wellington', 'Wellington'], ['Christchurch', 'Canterbury'], ['Hamilton', 'Waikato'], ['Dunedin', 'Otago'], ['Tauranga', 'Bay of Plenty']],
};
