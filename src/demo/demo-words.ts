// The demo's word list (docs/web.md "The demo"): everyday Romanian words, their common forms
// (plurals, articled and verb forms), written with their diacritics; the list folds them as the
// tile set does (docs/rules.md §1). Small on purpose: the demo's games are played from it, so
// every word they show is a real one, and the arbiter's word check finds it in the list.

/** The list's name under DATA_DIR/lexicons: a list is never replaced (docs/rules.md §3), so a new edition takes a new name. */
export const DEMO_LEXICON = 'demo-cuvinte-ro-1';

/** The words, blank-separated, in the order the list file holds them. */
export const DEMO_WORDS: readonly string[] = `
ac acasă ace acea aceasta acei acel acele acest acru acră acum adio aduc adus aer aere aerul agă ah
ai aici al alb albe albi albă ale alerg alerga alt alte alti altă alții am amar amară amic amici an
ani anii anin anul ape apei apele aprind aprinde apă ar arat arată arc arde ardei are ari arie arii
arin aripi aripă arma arme armă arte artă ară as asa asta atent atenți atunci atâta au aur aurul
avion azi aș ați ba babe babă bac baie bal baltă baluri ban bancă bani banul bar bara barbă barcă
bare bară bas bat bate baze bază bea beau bec bei bere bici bile bilă bine bir birou blană bloc
bluză bob boi bol bou brad brazi braț brațe bun bune buni bună buze buză băi bălți bănci bărbi bărci
ca cad cade cai caii cal cald calde caldă cale calul calzi cană cap capete capul car care cari carte
casa case casei casă cat ce ceai ceapă ceară ceas cei cel cele cepe cer cerc cere ceri cerul cerut
ceva ci cina cinci cine cineva cină cioc citește citi clar clasă coadă cod col colț cor corn cos cot
coș crai cred crede crin cruce cu cui cuib cuie cum cunoaște cupe cupă curat cânt cânta cântar
cântec cântă cât căi căni cărți da dacă dai dam dans dansuri dar dară dat date dată dau de deal
dealuri deci deja des dinte dinți do doarme doi dor dori dorm dormi dos drum drumuri duc duce dud
dune dună după dur dură dus dăm ea ecou ei el ele elev elevi era erai erau eroi erou este eu fa fac
face faci fag fan far fată față fel fereastră ferestre fete fețe fi fiară fie fier fii fin fini fină
fir fire fiu fix floare flori fluture foaie foame foc foi forță fost fotbal frate frați frig fruct
fructe frunze frunză fuga fugă fum fund fuse fără gard garduri gară gata gaz ger gheață ghid gol
gras grasă grup grâu guri gură gust guvern gând gânduri gâscă gâște gări ha hac hai hain haine haină
hat hotar hotel hoț hoți hârtie ia iad iar iarba iarbă iarnă ie ied iepure iepuri ieri iezi ii in
inel inima inimi inimă insule insulă intra intru intră ion iris iubesc iubi iute jale jar joacă joc
jocuri joi jos jug juguri jur la lac lacuri lama lampă lamă lan lapte las lasă lat lată lei lemn
lemne leu lift limbi limbă lin lină loc locuri lot lotus lua luat lucru lucruri lui lumină luni lună
lup lupi lux lână lămpi mac mal maluri mama mamă mar mare mari masă mașini mașină mei mere merge
mergi mers mese metri metru meu mi mic mici mică mie miei miel mine minte mină minți mir mirare mire
moartă moară mod monede monedă mor mori mort mot moț mult multe multă mulți muncă munte munți mur
muri mâini mânca mână mănânc măr na nai nas nasul ne nea neagră negri negru nimic nisip noapte nod
noduri noi nopți nor nori noroc noră note notă nou nouă nu nuc nuci nume nunta nuntă nunți nări oaie
oale oală oameni oare oase oaste ochi ocol of ogor oi om ora orar oraș orașe ore orez oră os ou ouă
pa pai palat palate pană pară pas pasăre pat paturi pași pe pene pere perete pereți peri perne pernă
pește pești pian piatră pic pietre pin pini plaje plajă pleacă plec pleca ploaie ploi plop plopi
poate pod poduri pol poli pom pomi port porți pot preț prețuri prieten prieteni pui pun pune pur
pură pâine pădure păduri păr păsări rac raci rai rame ramă rana rană rar rari rară re rece reci rege
regi rest rid ride rit ritm ritmuri rituri roade roată rochie rochii rod rol roluri rost roșie roșii
roșu roți rup rupe rute rută râde râu râuri rămâne răni rău sa sac saci salată sale sar sare sarea
sat sate sau scară scaun scaune scrie scriu scări se seacă sec sete si sin sinus soare sol soră sta
stare stat state stau stea stele stradă strugure struguri străzi stânci stâncă stă stări sub suna
sună supe supă sur surd surdă suri surori sură sus sute sută ta table tablă tac tace taci tai taie
taine taină tare tari tata tată taxi te tei ten tenor tenori tentă tigri tigru timp tine toată ton
tonuri tort torturi tot toți trage trai trec trece trei tren trenuri tron tu tun tunuri tur ture
tăcea ud uda udă uf uit uita uită ulm ulmi un una unchi unde unei unic unit unită uniți unor uns unt
unu urca urcă uri urma urme urmă urs ură urși usturoi ușa uși ușor ușă va vaci vacă vad val valuri
vapor var vară vas vase vatră vată vecin vecini vede verde veri verzi vetre vezi viață vie vieți vii
vin vinde vine vis vise vita vite vită voi vorbe vorbesc vorbă vreme vremuri vulpe vulpi vânt
vânturi vârf vârfuri văd zar zaruri zebră zece zei zer zeu zi ziar ziare zic zice zid ziduri zile
zis zmei zmeu zone zonă zori zâne zână zăpadă zău școală școli ține
`
  .split(/\s+/)
  .filter((word) => word.length > 0);
