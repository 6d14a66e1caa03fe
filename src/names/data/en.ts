/**
 * English naming data: lists and morphemes only (src/names/data/schema.ts says what each field is).
 * First names, real surnames and real place names come from faker's English locale data; the rest is
 * written here. A new locale is a file of this shape.
 */
// Each locale by its own entry point: the package's main entry loads every locale (about a second).
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { faker as fakerAu } from '@faker-js/faker/locale/en_AU';
import { faker as fakerCa } from '@faker-js/faker/locale/en_CA';
import { faker as fakerGb } from '@faker-js/faker/locale/en_GB';
import { faker as fakerIe } from '@faker-js/faker/locale/en_IE';
import { faker as fakerUs } from '@faker-js/faker/locale/en_US';
import { ENGLISH_LETTERS } from './en-letters.js';
import type { LocaleNames } from './schema.js';

const en = fakerEn.rawDefinitions;
const en_AU = fakerAu.rawDefinitions;
const en_CA = fakerCa.rawDefinitions;
const en_GB = fakerGb.rawDefinitions;
const en_IE = fakerIe.rawDefinitions;
const en_US = fakerUs.rawDefinitions;

const words = (s: string): string[] => s.trim().split(/\s+/);
const lines = (s: string): string[] =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Titles, honorifics, ranks, kinship and other words that read as anything but a first name. */
const DENY_FIRST = words(`
  Sister Brother Mister Missus Miss Mrs Ms Mr Dr Doctor Father Mother Mom Mum Dad Papa Mama Baby Babe Son Daughter
  Aunt Auntie Uncle Cousin Grandma Grandpa Granny Nana General Major Captain Colonel Admiral Sergeant Corporal Private
  Lieutenant Commander Marshal Officer Chief Judge Justice Pastor Reverend Bishop Cardinal Deacon Pope Saint Nurse
  Professor Dean Junior Senior Elder King Queen Prince Princess Duke Duchess Earl Lord Lady Dame Sir Madam Baron Baroness
  Count Countess Emperor Empress Czar Sultan President Senator Governor Mayor Minister Sheriff Master Mistress Boss
  Sweetie Honey Darling Precious Unique Urban Golden Pink Royal Loyal Sincere Infant Child Girl Boy Man Woman Gentleman
  America American Africa Asia Europe Australia Antarctica England Britain Florida Missouri Kenya Montana Texas
  Nevada Arizona Alaska Indiana Tennessee Paris London Milan Houston Dallas Denver Phoenix Memphis Boston Cleveland
  Columbus Israel China India
  Santa Claus Christmas Easter Toy Delta Ivory Garnet Berry Justice Providenci Maximillia
`);

/** Established given names that are also English words: the common-word rule keeps these. */
const GIVEN_WORDS = words(`
  Hope Joy Pearl Rosemary Summer Willow Frank Peter Roger Bob Chase Sandy Brook Bell Grace Faith Iris Ivy Holly Ruby
  Rose Daisy Lily Violet Hazel Amber Dawn Eve June May April Mark Bill Will Rich Art Miles Pat Sue Nick Drew Gene Jack
  Ray Rob Ted Victor Warren Wade Glen Dale Heath Victoria Valentine Sunny Sterling
`);

const SURNAME_HEADS = words(`
  Ash Brad Hal Whit Hol Kel Thorn Wes Stan Pen Fair Cal Dun Ell Brook Hart Lang Rad Sel Ald Bar Char Dar Gar Har Pem
  Ren Sut Ack Bel Bram Cad Cald Chal Chil Cran Crom Dal Dray Eld Elm Farn Fen Gil Glad Gold Grim Hamp Hath Heth Ing
  Kin Lam Lock Lyn Mal Mar Mel Mid Mor Nor Oak Ot Pad Pel Pick Rath Red Rock Roth Rush Sand Shel Sher Shep Stam
  Stock Strat Tal Tem Thack Tid Tor Trev Twy Wad Wal War Wen Wey Wil Win Wood Wor Yar Aber Ather Brent Cairn Carr
  Dern East Fal Halver Hend Hol Kings Lath Mers Nether Pals Pren Ran Sal Stan Tat Thur Ul Ven Wat Wend Wick Winter
`);
const SURNAME_TAILS = words(`
  son son sen ley ley ford wick ton ton field more well by worth ham ridge den man er ington stead croft gate low
  hurst combe bourne lock mond win ett ard ing cott shaw wood land ell ock thorpe sley ings stone ray all dale ney
  ridge ers kins ley ton son wright ley ham cliffe brook by well
`);

const ROOT_HEADS = words(`
  Cor Hal Ver Bren Cal Dun Fen Pel Quin Sol Tal Wen Bel Dal Gar Hel Kel Mer Sel Tor Wes Ard Cres Dor Ev Glen Kest
  Mont Nest Pres Stan Thal Tren Ves Wyn Ast Ben Cen Den Est Har Mal Pen Sen Ster Tes Ther Lum Sar Tam Vor Hen Tav
  Mor Cas Del Hes Ost Per Rho Sten Tiv Tel Dra Sil Cam Ber Ath Ash Gal Hol Thu Thim Hath Whit Chet Hud Hun Gid
  Wid Brith Eth Tid Gath Theo Hy Ty Sut Tess Wes Fitz Pet Set Bet Tav Pim Cot Dev
`);
const ROOT_MIDDLES = words('a e i o an en er el in is et ad ith es');
const ROOT_TAILS = words(`
  vane ton ora ant ell ica ent ia is on ar ane en et ery ian ine ista ium ise den mont well wyn esa eon ith ada era
  ence ess ette ic ide ier ins io ire ith one ore ose ound oy us erra ano ello eta enne elle essa ent ith eth ath
  ett ide ius ist ic id ite ium us ega uda ida ita ota ute ish ath ica ia is et ide ith idge ington ton
`);
const COMPOUND_FIRST = words(`
  North South East West Blue Silver Bright Red Stone Oak Iron Clear High Broad Green Gold White Star Sun True Summit
  River Harbor Crest Cedar Maple Pine Fair Keen Swift Long Deep Far New Ash Elm Birch Copper Granite Hollow Quarry
  Rowan Thistle Ember Heron Kestrel Lark Orchard Meadow Glen Ridge
`);
const COMPOUND_SECOND = words(`
  gate crest field bridge wood stone line point way ridge view brook haven mark well side water land bay port hill
  vale dale wick ford moor light path rock shore spring post mont wright works lane
`);

const PLACE_HEADS = words(`
  Ash Brad Chel Dun Elm Fal Glen Hal Lang Mar Oak Pem Rad Sand Stan Thorn Wen Whit Wy Ald Bar Bram Brock Cal Cart Chad
  Chip Clay Cold Cran Dal Ding Dor Dray East Ed Farn Fen Frem Gal Gran Ham Har Hath Hol Ing Kel Kings Lam Lin Lock
  Mal Mel Mid Mill Nor Ock Ped Pen Red Rich Ros Rush Salt Sel Shel Shep Stam Stock Strat Sud Tam Tew Thel Tor Up Wal
  Wat West Wil Win Wol Wood Wor Yar Alder Bede Beck Carl Crow Dene Eller Fern Gold Hather Hen Lea Lud Marl Nether
  Oster Pol Quen Raven Rother Saxe Shir Thrap Tyne Ulver Wend Wither
`);
const PLACE_TAILS = words(`
  ton ton wick field mouth bridge ford bury ham ley stead worth by dale minster port haven more borough chester well
  combe hurst thorpe stow ing wood bourne cliffe den gate mere ridge low sey ton ley ham field
`);

/** Real brands, companies, teams and places an invented name must not be (faker's real place lists are added below). */
const REAL_BRANDS = words(`
  Apple Google Alphabet Samsung Sony Nokia Motorola Huawei Xiaomi Oppo Vivo Honor Lenovo Dell Intel Amazon Tesla Ford
  Boeing Airbus Pfizer Moderna Novartis Roche Merck Bayer Sanofi Amgen Biogen Gilead Regeneron Nvidia Oracle Cisco
  Adobe Netflix Disney Paramount Universal Warner Lionsgate Pixar Marvel Microsoft Meta Facebook Twitter Ericsson
  Siemens Philips Panasonic Toshiba Hitachi Sharp Canon Nikon Fujitsu Asus Acer Realme Alcatel Kyocera Blackberry
  Fairphone Lumia Pixel Galaxy Xperia Vodafone Verizon Orange Telefonica Boeing Lockheed Raytheon Northrop Safran
  Arianespace Rocketlab Spacex Blueorigin Virgin Astra Firefly Relativity Vega Ariane Soyuz Falcon Atlas Delta Titan
  Redstone Deepwater Corsair Lancer Tempest Kestrel Merlin Harrier Osprey Sentinel Pathfinder Vigil Raptor Vulcan Angara Proton Zenit
  Electron Antares Minotaur Pegasus Artemis Apollo Gemini Mercury Voyager Juno Orion Dragon Starship Novavax Abbvie
  Astrazeneca Lilly Takeda Bristol Genentech Vertex Incyte Alnylam Seagen Exelixis Biontech Curevac Glaxo Teva Mylan
  Sandoz Baxter Medtronic Stryker Allergan Celgene Shire Ipsen Lundbeck Novo Almirall Grifols Zeiss Bosch Braun
  Nestle Unilever Danone Kellogg Heinz Mars Pepsi Coca Cola Nike Adidas Puma Reebok Asics Gucci Prada Chanel
  Dior Hermes Cartier Rolex Omega Swatch Tissot Lego Mattel Hasbro Ikea Walmart Target Costco Tesco Aldi Lidl Carrefour
  Shell Exxon Chevron Total Aramco Gazprom Lukoil Equinor Repsol Eni Visa Mastercard Paypal Stripe Barclays Lloyds
  Natwest Santander Citi Chase Wells Fargo Goldman Morgan Stanley Nomura Mizuho Allianz Aviva Prudential Zurich
  Nasdaq Euronext Deutsche Boerse Arsenal Chelsea Everton Fulham Brentford Burnley Watford Reading Wigan Bolton
  Preston Barnsley Millwall Stoke Swansea Cardiff Celtic Rangers Ajax Juventus Inter Benfica Porto Lazio Roma Napoli
  Sevilla Valencia Villarreal Feyenoord Anderlecht Galatasaray Fenerbahce Besiktas Olympiacos Panathinaikos Corinthians
  Flamengo Boca River Santos Palmeiras Bayern Dortmund Schalke Hertha Monaco Marseille Lyon Nantes Lille Rennes
  Genoa Torino Parma Udinese Atalanta Sampdoria Hilton Marriott Hyatt Sheraton Ritz Waldorf Savoy Hovis Boots Argos
  Halfords Currys Selfridges Harrods Debenhams Primark Burberry Jaguar Bentley Rover Lotus Morris Austin Triumph
  Vauxhall Dacia Skoda Seat Fiat Ferrari Lamborghini Maserati Alfa Porsche Audi Volkswagen Opel Renault Peugeot
  Citroen Volvo Saab Scania Toyota Honda Nissan Mazda Subaru Suzuki Mitsubishi Lexus Hyundai Kia Daewoo Tata
  Mahindra Infosys Wipro Accenture Deloitte Capgemini Atos Sopra Avanade Kpmg Oracle Salesforce Workday Zoom Slack
  Spotify Uber Lyft Airbnb Expedia Booking Trivago Yahoo Bing Baidu Alibaba Tencent Sina Weibo Bytedance Tiktok Snap
  Pinterest Reddit Linkedin Dropbox Atlassian Shopify Square Intuit Autodesk Ansys Cadence Synopsys Broadcom Qualcomm
  Mediatek Arm Amd Micron Hynix Kioxia Seagate Sandisk Corsair Logitech Razer Garmin Fitbit Polar Suunto Bose Sennheiser
  Marshall Fender Gibson Yamaha Roland Korg Casio Seiko Citizen Brother Epson Ricoh Xerox Kodak Polaroid Leica Hasselblad
  Kingston Crucial Patriot Transcend Lexar Verbatim Maxell Duracell Energizer Varta Ansmann Tefal Kenwood Russell Hobbs
  Dyson Hoover Vax Miele Smeg Beko Indesit Hotpoint Whirlpool Electrolux Zanussi Aeg Bosch Neff Gaggenau Liebherr
  Carlsberg Heineken Guinness Budweiser Corona Stella Peroni Amstel Tuborg Kronenbourg Foster Carling Tennent Bass
  Aston Martin Mclaren Lola Williams Tyrrell Brabham Lotus Arrows Stewart Jordan Minardi Sauber Haas Alpine
`);

/** Real towns and cities that English town morphology reproduces: never an invented place. */
const REAL_TOWNS = words(`
  Ashford Bradford Stanford Bedford Watford Guildford Hereford Stafford Salford Telford Romford Oxford Brighton Kingston
  Wellington Hampton Southampton Northampton Darlington Burlington Arlington Lexington Huntington Ashton Bolton Dalton
  Carlton Milton Hilton Stanton Fairfield Springfield Mansfield Sheffield Huddersfield Wakefield Lichfield Chesterfield
  Macclesfield Petersfield Plymouth Portsmouth Bournemouth Dartmouth Weymouth Falmouth Exmouth Yarmouth Monmouth
  Cambridge Stockbridge Tunbridge Woodbridge Uxbridge Trowbridge Banbury Salisbury Shrewsbury Canterbury Aylesbury
  Tewkesbury Glastonbury Sudbury Newbury Bury Hartley Bradley Ashley Wembley Oakley Stanley Henley Whitby Derby Selby
  Grimsby Kirby Rugby Westminster Axminster Warwick Berwick Norwich Ipswich Greenwich Sandwich Harwich Alnwick Keswick
  Chiswick Brunswick Dudley Barnsley Halifax Stockton Taunton Luton Hampstead Halstead Walsall Redditch Durham Oldham
  Rotherham Birmingham Nottingham Tottenham Fulham Chatham Evesham Wrexham Lewisham Wetherby Hastings Ealing Woking
  Epping Worthing Kettering Barking Dorking Wokingham Chester Manchester Winchester Dorchester Colchester Leicester
  Gloucester Worcester Cirencester Bicester Lancaster Doncaster Tadcaster Middlesbrough Scarborough Peterborough
  Loughborough Marlborough Farnborough Hillsborough Edinburgh Aldershot Basingstoke Bristol Bath Leeds York Hull
  Stamford Stratford Chelmsford Castleford Wallingford Camberley Horley Morley Burnley Keighley Brierley Ilkley
  Otley Wortley Bexley Hendon Croydon Swindon London Brandon Maldon Hambleton Hamilton Carlisle Melton Alton Elton
  Wilton Walton Newton Preston Clifton Shelton Skelton Bilston Brixton Kensington Paddington Islington Bridlington
  Wellingborough Sunderland Grantham Bingham Dereham Egham Feltham Cheltenham Gillingham Billingham Sandringham
  Haverhill Halton Marton Morton Norton Sutton Barton Burton Horton Seaton Whitton Wigton Yeovil Harrow Hounslow
  Ludlow Marlow Barrow Bentley Ashby Selsey Ramsey Romsey Hornsey Chertsey Swansea Newport Bridgeport Stockport
  Southport Davenport Westport Freeport Lockport Shoreham Dunmore Elmore Ashbourne Eastbourne Sherborne Melbourne
  Redcliffe Radcliffe Hinckley Oakham Horsham Wareham Hexham Farnham Fareham Hatfield Enfield Oldfield Mayfield
  Driffield Bromfield Hartfield Ashfield Whitfield Stanmore Ashwell Cromwell Caldwell Maxwell Orwell Bakewell
  Southwell Bothwell Stowe Redwood Elmwood Ashwood Norwood Sherwood Brentwood Eastwood Westwood Wimbledon
  Hamden Camden Hampden Ogden Dryden Haddon Sheldon Weldon Morden Marsden Walden Hebden Belmont Claremont
  Fremont Piedmont Vermont Egremont Richmond Redmond Hammond Drummond Raymond Edmond Portland Ashland Oakland
  Highland Lowland Midland Holland Cleveland Sunderland Kirkland Woodland Rutland Scotland England Ireland Wales
  Thornton Thornbury Thornhill Thorpe Milford Whitford Bradwell Bramley Bramhall Kelso Selkirk Falkirk Glenrothes
  Dunfermline Dundee Perth Stirling Oban Banff Elgin Nairn Thurso Wick Lerwick Kirkwall Portree Fort William
`);

const REAL_DRUGS = words(`
  adalimumab pembrolizumab nivolumab trastuzumab bevacizumab rituximab infliximab cetuximab denosumab atezolizumab
  durvalumab ipilimumab ustekinumab secukinumab dupilumab imatinib erlotinib gefitinib ibrutinib osimertinib
  sunitinib sorafenib atorvastatin rosuvastatin simvastatin pravastatin lovastatin acyclovir tenofovir oseltamivir
  remdesivir sofosbuvir fluconazole omeprazole lansoprazole captopril enalapril lisinopril ramipril losartan
  valsartan propranolol metoprolol atenolol nusinersen inclisiran liraglutide semaglutide exenatide leuprorelin
  goserelin tisagenlecleucel axicabtagene voretigene
`);

const TEAM_NICKNAMES = words(`
  Hawks Millers Blues Reds Saints Lions Foxes Wolves Eagles Magpies Robins Owls Bees Hornets Swans Seagulls Rams
  Potters Cobblers Mariners Pirates Rovers Harriers Hatters Glovers Shrimpers Quakers Canaries Spitfires Vikings
  Kestrels Falcons Stags Badgers Otters Ravens Herons Anchors Pilgrims Tigers Bantams
`);

/** A party is an ideology word and a cause ("Civic Renewal Party"), or a region and an ideology word ("Elmbury National Movement"). */
const IDEOLOGIES = lines(`
  Progressive
  Civic
  Democratic
  National
  Social
  Liberal
  Green
  Popular
  United
  Free
  New
  Federal
  Independent
  Radical
  Moderate
  People's
  Citizens'
  Workers'
  Rural
  Centre
`);
const CAUSES = words(`
  Renewal Reform Unity Future Justice Forward Action Direction Solidarity Democracy Progress Alternative Voice
  Ground Initiative Choice Agenda Compact
`);

const DRUG_HEADS = words(`
  ba be bo ca ce co da de do fa fe fo ga ge go la le lo ma me mo na ne no pa pe po ra re ro sa se so ta te to va ve
  vo za ze al an ar el en er il in ol on or ul ur tra dri cla bri pre pro tre sta cre fla gli
`);
const DRUG_MIDDLES = words(`
  li ti ri ni ci mi vi di lo to ro no so mo ra ta na la sa fa lu tu ru nu ve te re le ne me ze be
`);

const TITLE_NOUNS = words(`
  Harbour Winter Signal Garden River Island Lantern Mirror Orchard Station Tide Storm Echo Frontier Crown
  Ember Shadow Glass Meadow Letter Bridge Anchor Compass Thread Orbit Horizon Summer Tower Forest Road Border Shore
  Lighthouse Quarry Ferry
  Clock Voice Harvest Promise Witness Season Current Fever Engine Kingdom Valley Circle Archive Night Morning
  Journey Ghost Daughter Stranger Keeper Captain Painter Heir Pilgrim Tenant Sailor
`);
const TITLE_ADJECTIVES = words(`
  Quiet Silent Last Lost Hidden Long Distant Bright Broken Cold Golden Hollow Northern Burning Endless Narrow Pale
  Restless Second Small Sudden Wild Late Open Empty Crimson Still Far Final Gentle Secret Little
`);
const TITLE_PATTERNS = lines(`
  The {noun} of {place}
  {adjective} {noun}
  The {adjective} {noun}
  The {noun}
  {noun} of {place}
  The {noun} and the {noun}
  {place}
  The {noun}'s {noun}
  A {adjective} {noun}
  After the {noun}
`);

const MISSION_WORDS = words(`
  Lantern Meridian Halcyon Tern Skylark Heron Petrel Wren Curlew Plover Beacon Compass Sextant Astrolabe Wayfarer
  Tideline Ridgeback Drumlin Cairn Fieldfare Lapwing Linnet Dunlin Sandpiper Whimbrel
`);
const VEHICLE_WORDS = words(`
  Heron Tern Wyvern Lodestar Sextant Gale Squall Halberd Bastion Rampart Spire Obelisk
`);
const PRODUCT_LINES = words(`
  Fjord Aero Vista Pulse Nimbus Crest Prism Summit Arc Echo Zephyr Tide Ridge Flint Glade Harbor Meridian Quill
`);

const REAL_SURNAMES = [
  ...new Set([...en.person!.last_name!.generic!, ...(en_AU.person?.last_name?.generic ?? [])]),
  ...words(`
  Bradley Ashley Stanley Oakley Hartley Wesley Ashford Bradford Stanford Ashton Milton Hilton Stanton Wickham
  Thornton Whitfield Fairfield Holloway Kingsley Lockwood Woodward Harwood Sherwood Elwood Calloway Galloway
  Wellington Hampton Darlington Langley Hardwick Cromwell Caldwell Maxwell Orwell Thatcher Churchill Chamberlain
  Attenborough Beckham Rooney Kane Sterling Redknapp Shearer Lineker Gascoigne Cole Lampard Gerrard Hendry Hurst
  Hamilton Button Coulthard Mansell Hunt Hill Stewart Clark Moss Brabham Wolff Horner Newey
`),
];

const REAL_PLACES = [
  ...(en.location!.city_name ?? []),
  ...(en_CA.location?.city_name ?? []),
  ...(en.location!.country ?? []),
  ...(en.location!.state ?? []),
  ...(en.location!.county ?? []),
  ...(en_GB.location?.county ?? []),
  ...(en_US.location?.county ?? []),
  ...(en_IE.location?.county ?? []),
  ...REAL_TOWNS,
];

const faker = en.person!.first_name!;
const fakerWords: string[] = Object.values(en.word ?? {}).flat() as string[];

export const EN: LocaleNames = {
  letters: ENGLISH_LETTERS,
  person: {
    first: { female: faker.female!, male: faker.male! },
    denyFirst: DENY_FIRST,
    commonWords: fakerWords,
    givenWords: GIVEN_WORDS,
    realSurnames: REAL_SURNAMES,
    surnameHeads: SURNAME_HEADS,
    surnameTails: SURNAME_TAILS,
  },
  root: { heads: ROOT_HEADS, middles: ROOT_MIDDLES, tails: ROOT_TAILS, compoundFirst: COMPOUND_FIRST, compoundSecond: COMPOUND_SECOND },
  place: {
    heads: PLACE_HEADS,
    tails: PLACE_TAILS,
    before: words('Port North South East West Upper Lower New Great Little Fort Lake Mount'),
    after: [' Falls', ' Bay', ' Springs', ' Heights', ' Cross', ' Green', ' Harbour', ' Junction', ' Vale', ' Sands'],
  },
  realNames: [...REAL_BRANDS, ...REAL_PLACES, ...REAL_DRUGS],
  suffixes: {
    company: words('Group Holdings Corp Systems Industries Labs Technologies Partners'),
    brand: words('Mobile Devices Electronics Labs Audio Home'),
    team: words('FC United Athletic Rovers City Town Wanderers Albion'),
    party: lines('Party\nParty\nParty\nAlliance\nMovement\nUnion\nFront\nLeague'),
    exchange: lines('Stock Exchange\nStock Exchange\nSecurities Exchange\nExchange'),
    mission: words('I II III IV V VI VII VIII IX X'),
    vehicle: words('1 2 3 5 7 9 Heavy Light Prime II V'),
  },
  team: { nicknames: TEAM_NICKNAMES },
  party: { ideologies: IDEOLOGIES, causes: CAUSES },
  drug: {
    heads: DRUG_HEADS,
    middles: DRUG_MIDDLES,
    stems: [
      { stem: 'nib', class: 'kinase inhibitor', modality: 'small molecule', routes: ['oral'] },
      { stem: 'stat', class: 'enzyme inhibitor', modality: 'small molecule', routes: ['oral'] },
      { stem: 'vir', class: 'antiviral', modality: 'small molecule', routes: ['oral', 'intravenous', 'inhaled'] },
      { stem: 'zole', class: 'azole antifungal', modality: 'small molecule', routes: ['oral', 'intravenous'] },
      { stem: 'pril', class: 'ACE inhibitor', modality: 'small molecule', routes: ['oral'] },
      { stem: 'sartan', class: 'angiotensin receptor blocker', modality: 'small molecule', routes: ['oral'] },
      { stem: 'olol', class: 'beta blocker', modality: 'small molecule', routes: ['oral', 'intravenous'] },
      { stem: 'mab', class: 'monoclonal antibody', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: 'zumab', class: 'humanised monoclonal antibody', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: 'umab', class: 'human monoclonal antibody', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: 'tamab', class: 'bispecific antibody', modality: 'bispecific antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: 'gene', class: 'gene therapy', modality: 'gene therapy', routes: ['intravenous'] },
      { stem: 'vec', class: 'viral vector gene therapy', modality: 'gene therapy', routes: ['intravenous'] },
      { stem: 'cel', class: 'cell therapy', modality: 'cell therapy', routes: ['intravenous'] },
      { stem: 'leucel', class: 'CAR-T cell therapy', modality: 'cell therapy', routes: ['intravenous'] },
      { stem: 'tide', class: 'peptide', modality: 'peptide', routes: ['subcutaneous'] },
      { stem: 'relin', class: 'gonadotropin-releasing hormone analogue', modality: 'peptide', routes: ['subcutaneous', 'intramuscular'] },
      { stem: 'rsen', class: 'antisense oligonucleotide', modality: 'antisense oligonucleotide', routes: ['intrathecal', 'subcutaneous'] },
      { stem: 'siran', class: 'small interfering RNA', modality: 'small interfering RNA', routes: ['subcutaneous'] },
    ],
  },
  title: { nouns: TITLE_NOUNS, adjectives: TITLE_ADJECTIVES, patterns: TITLE_PATTERNS },
  mission: { words: MISSION_WORDS },
  vehicle: { words: VEHICLE_WORDS },
  product: { lines: PRODUCT_LINES },
};
