/** Word lists for readable synthetic labels and definitions. ASCII only (the writer counts chars as bytes). */

const w = (s: string): string[] =>
  s
    .split('|')
    .map((x) => x.trim())
    .filter(Boolean);

// ---------- GO-like ----------

export const GO_BP_HEADS = w(`transport|biosynthetic process|catabolic process|metabolic process|signaling|
  differentiation|development|assembly|organization|localization|secretion|import|export|homeostasis|
  proliferation|migration|adhesion|response|activation|maturation|morphogenesis|repair|replication|
  transcription|translation|degradation|modification|polymerization|fusion|fission|elongation|segregation|
  clearance|uptake|detoxification|processing|sequestering|recognition|chemotaxis|regeneration`);

/** Exact-synonym forms of the process heads, when GO has a usual one. */
export const GO_HEAD_SYNONYMS: Record<string, string[]> = {
  transport: ['translocation', 'movement'],
  'biosynthetic process': ['biosynthesis', 'synthesis', 'formation', 'anabolism'],
  'catabolic process': ['catabolism', 'breakdown', 'degradation'],
  'metabolic process': ['metabolism'],
  signaling: ['signalling', 'signal transduction'],
  organization: ['organisation'],
  localization: ['localisation'],
  secretion: ['release'],
  import: ['uptake'],
  degradation: ['breakdown'],
  processing: ['maturation'],
  binding: ['interaction'],
  complex: ['protein complex'],
};

export const GO_CORES = w(`glucose|lipid|fatty acid|cholesterol|amino acid|nucleotide|purine|pyrimidine|ion|calcium ion|
  potassium ion|sodium ion|chloride|zinc ion|iron ion|copper ion|manganese ion|protein|peptide|RNA|mRNA|tRNA|rRNA|
  snRNA|miRNA|DNA|chromatin|histone|vesicle|mitochondrion|ribosome|cilium|actin filament|microtubule|collagen|
  glycogen|starch|sucrose|trehalose|lactate|pyruvate|glutamate|serine|glycine|arginine|lysine|tryptophan|heme|
  retinol|steroid|phospholipid|sphingolipid|ceramide|insulin|hormone|cytokine|interleukin|chemokine|
  neurotransmitter|dopamine|serotonin|acetylcholine|nitric oxide|oxygen|hydrogen peroxide|water|urea|ammonia|
  bile acid|vitamin|folate|coenzyme A|NAD|ATP|GTP|cAMP|polyamine|chitin|cellulose|pectin|lignin|auxin|
  gibberellin|ethylene|melanin|keratin|mucin|sialic acid|lipoprotein|glycoprotein|proteoglycan|axon|dendrite|
  synapse|neuron|T cell|B cell|macrophage|neutrophil|erythrocyte|hepatocyte|keratinocyte|osteoblast|myoblast|
  epithelial cell|endothelial cell|fibroblast|germ cell|oocyte|sperm|embryo|heart|kidney|lung|liver|bone|
  cartilage|muscle|skin|hair follicle|tooth|eye|lens|retina|inner ear|limb|wing|root|leaf|flower|seed|pollen|
  spore|hypha|biofilm|flagellum|virion|peroxisome|lysosome|endosome|autophagosome|centrosome|spindle|
  kinetochore|telomere|nucleolus|nuclear pore|plasma membrane|cell wall|capsule|toxin|antigen|antibody|
  complement|prostaglandin|leukotriene|thyroid hormone|estrogen|androgen|cortisol|melatonin|glutathione|
  creatine|carnitine|inositol|phosphatidylcholine|triglyceride|ketone body|nitrate|sulfate|phosphate|selenium`);

export const GO_BP_MODS = w(`cellular|intracellular|extracellular|transmembrane|mitochondrial|nuclear|cytosolic|
  vesicle-mediated|receptor-mediated|calcium-dependent|ATP-dependent|light-dependent|stress-induced|
  hypoxia-induced|circadian|developmental|embryonic|postembryonic|larval|adult|hepatic|renal|neuronal|cardiac|
  epidermal|vascular|lymphatic|retinal|skeletal|axonal|synaptic|dendritic|ciliary|apical|basolateral|
  anterograde|retrograde|de novo|salvage|oxidative|reductive|anaerobic|aerobic|endocytic|exocytic|autophagic|
  apoptotic|mitotic|meiotic|symbiotic|immune|inflammatory|stem cell|germline|somatic|maternal|zygotic|
  photoperiodic|nitrogen-dependent|phosphate-starvation|cold-induced|heat-induced|pathogen-induced`);

export const GO_MF_HEADS = w(`binding|transporter activity|kinase activity|dehydrogenase activity|synthase activity|
  hydrolase activity|receptor activity|channel activity|oxidase activity|reductase activity|transferase activity|
  isomerase activity|ligase activity|lyase activity|phosphatase activity|peptidase activity|carrier activity|
  antiporter activity|symporter activity|methyltransferase activity|acetyltransferase activity|
  ubiquitin ligase activity|helicase activity|nuclease activity|deaminase activity|hydratase activity|
  mutase activity|epimerase activity|oxygenase activity|sensor activity|inhibitor activity|activator activity|
  adaptor activity|chaperone activity|scaffold activity`);

export const GO_MF_MODS = w(`ATP-dependent|NADH-dependent|NADPH-dependent|calcium-activated|voltage-gated|ligand-gated|
  high-affinity|low-affinity|sequence-specific|single-stranded|double-stranded|zinc-dependent|
  magnesium-dependent|cAMP-dependent|GTP-dependent|proton-coupled|sodium-coupled|phosphorylation-dependent|
  stereospecific|broad-specificity|mitochondrial|cytosolic|membrane-bound|secreted|lysosomal|peroxisomal`);

export const GO_CC_CORES = w(`Rab5|SNARE|cohesin|condensin|dynein|kinesin|myosin|clathrin|COPII|COPI|integrin|cadherin|
  proteasome|spliceosome|exocyst|ESCRT|mediator|SAGA|NuRD|Arp2/3|TORC1|TORC2|retromer|dynactin|septin|
  nucleosome|replisome|apoptosome|inflammasome|signalosome|exosome|CCR4-NOT|BRCA1|Polycomb|SWI/SNF|
  cytochrome|ATP synthase|photosystem|NADH dehydrogenase|pyruvate dehydrogenase|ribonucleoprotein|
  telomerase|gamma-tubulin|kinetochore|synaptonemal|desmosome|tight junction|gap junction|hemidesmosome|
  focal adhesion|podosome|invadopodium|stress fiber|lamellipodium|filopodium|microvillus|stereocilium`);

export const GO_CC_HEADS = w(`complex|membrane|lumen|envelope|granule|vesicle|body|matrix|outer membrane|inner membrane|
  cortex|projection|junction|pore|filament|fiber|particle|region|compartment|periphery|cap|tip|lamina|sheath|
  cleft|pit|coat|channel|subcomplex|core|holoenzyme|assembly|plaque|scaffold|bundle|array`);

export const GO_CC_MODS = w(`mitochondrial|nuclear|Golgi|endoplasmic reticulum|lysosomal|peroxisomal|endosomal|
  synaptic|ciliary|plasma membrane|chloroplast|vacuolar|cytoplasmic|perinuclear|presynaptic|postsynaptic|
  axonal|dendritic|apical|basal|lateral|cortical|centriolar|flagellar|acrosomal|sarcoplasmic|thylakoid|
  periplasmic|extracellular|cell surface`);

/** Pieces of 20-40 word definitions: "A <genus> that <verb> <noun> <circumstance>, which <verb> ..." */
export const DEF_VERBS = w(`results in the formation of|modulates|involves|contributes to|is required for|mediates|
  leads to the breakdown of|takes place during|depends on|controls the rate of|results in the transport of|
  establishes|maintains|is triggered by|acts upon|produces|binds selectively to|stabilizes|recruits`);
export const DEF_CIRCUMSTANCES = w(`within a cell|in response to a stimulus|across a membrane|at the cell surface|
  in the cytoplasm|in the nucleus|in the extracellular region|with high specificity|in a regulated manner|
  when nutrients are limiting|after an injury|during early development|in multicellular organisms|
  in unicellular organisms|in a tissue-specific manner|by the action of an enzyme|through interaction with a receptor|
  in a coordinated fashion|over the life cycle of an organism|as part of a signaling cascade|under oxidative stress`);

// ---------- SNOMED-like ----------

export const SCT_SITES = w(`femur|tibia|fibula|humerus|radius|ulna|clavicle|scapula|patella|sternum|rib|vertebra|skull|
  mandible|maxilla|heart|lung|liver|kidney|spleen|pancreas|stomach|duodenum|jejunum|ileum|colon|rectum|bladder|
  ureter|urethra|prostate|uterus|ovary|testis|thyroid gland|adrenal gland|pituitary gland|brain|cerebellum|
  brainstem|spinal cord|retina|cornea|lens|iris|tongue|larynx|pharynx|trachea|bronchus|esophagus|gallbladder|
  bile duct|aorta|carotid artery|femoral artery|radial artery|coronary artery|jugular vein|portal vein|
  saphenous vein|skin|breast|tendon|ligament|meniscus|hip joint|knee joint|ankle joint|shoulder joint|
  elbow joint|wrist joint|finger|toe|thumb|ear|nose|lip|gingiva|tooth|parotid gland|lymph node|bone marrow|
  diaphragm|peritoneum|pleura|pericardium|mitral valve|aortic valve|tricuspid valve|appendix|cecum|anus|
  sigmoid colon|hepatic duct|pancreatic duct|renal pelvis|adrenal cortex|optic nerve|sciatic nerve|
  median nerve|ulnar nerve|facial nerve|vagus nerve|hypothalamus|thalamus|hippocampus|cerebral cortex|
  frontal lobe|temporal lobe|occipital lobe|parietal lobe|eyelid|conjunctiva|sclera|vitreous body|
  tympanic membrane|cochlea|nasal septum|maxillary sinus|frontal sinus|tonsil|epiglottis|vocal cord|
  thymus|mediastinum|abdominal wall|inguinal canal|pelvis|sacrum|coccyx|calcaneus|talus|metatarsal bone|
  metacarpal bone|phalanx|achilles tendon|rotator cuff|biceps muscle|quadriceps muscle|gluteal muscle|
  deltoid muscle|psoas muscle|intercostal muscle`);

export const SCT_POSITIONS = w(`Left|Right|Upper|Lower|Anterior|Posterior|Medial|Lateral|Proximal|Distal|Superior|
  Inferior|Deep|Superficial|Entire`);
export const SCT_PARTS_OF = w(`Structure of|Head of|Neck of|Shaft of|Base of|Apex of|Wall of|Mucosa of|Cortex of|
  Surface of|Border of|Segment of|Region of|Part of|Margin of`);

export const SCT_MORPHS = w(`fracture|inflammation|ulcer|abscess|neoplasm|carcinoma|adenoma|cyst|hemorrhage|infarct|
  stenosis|dilatation|laceration|contusion|dislocation|hypertrophy|atrophy|necrosis|fibrosis|calcification|
  edema|erosion|perforation|rupture|obstruction|thrombosis|embolus|aneurysm|hyperplasia|dysplasia|metaplasia|
  scar|polyp|fistula|hernia|calculus|foreign body|deformity|malformation|burn|wound|sprain|strain|tear|lesion|
  mass|nodule|granuloma|sarcoma|lymphoma|melanoma|papilloma|lipoma|hemangioma|ischemia|degeneration|
  stricture|prolapse|torsion|avulsion|amputation|crush injury|puncture|abrasion|blister`);

export const SCT_MORPH_MODS = w(`Acute|Chronic|Subacute|Recurrent|Open|Closed|Comminuted|Displaced|Nondisplaced|Benign|
  Malignant|Primary|Secondary|Metastatic|Infected|Traumatic|Congenital|Acquired|Partial|Complete|Superficial|
  Deep|Granulomatous|Hemorrhagic|Suppurative|Ischemic|Degenerative|Obstructive|Calcific|Fibrous`);

export const SCT_FINDING_HEADS = w(`disorder|finding|syndrome|disease|pain|dysfunction|insufficiency|failure|deficiency|
  intoxication|infection|allergy|complication|abnormality|injury|sensitivity|intolerance|weakness|swelling|
  discharge|bleeding|itching|stiffness|tenderness|numbness`);

export const SCT_ACTIONS = w(`Excision|Biopsy|Repair|Replacement|Removal|Incision|Drainage|Fixation|Reconstruction|
  Resection|Amputation|Transplantation|Injection|Aspiration|Imaging|Ultrasonography|Radiography|
  Computed tomography|Magnetic resonance imaging|Endoscopy|Examination|Irrigation|Dilation|Catheterization|
  Ligation|Suture|Grafting|Debridement|Cauterization|Implantation|Revision|Closure|Exploration|Manipulation|
  Stabilization|Decompression|Fusion|Destruction|Inspection|Measurement|Monitoring|Evaluation|Assessment|
  Education|Counseling|Screening|Vaccination|Administration|Transfusion|Dialysis`);

export const SCT_SYLLABLES_A =
  w(`zo|la|mi|ta|vor|ce|pra|di|fen|lo|xa|ri|be|no|ti|qui|sul|meth|eth|pro|chlor|flu|car|val|ben|
  pip|dex|levo|oxy|hydro|am|cor|tol|nor|ser|ral|gab|mon|ket|ibu`);
export const SCT_SYLLABLES_B = w(`ma|lo|ti|ra|ce|zi|po|ne|xo|vi|fa|di|mor|bu|tra|pe|ro|sa|cli|na`);
export const SCT_SUBSTANCE_ENDS = w(`ine|ol|ate|ide|one|azole|amide|mycin|cillin|statin|pril|sartan|olol|dipine|tidine|
  prazole|mab|nib|vir|floxacin|cycline|profen|pam|lam|caine|fen|tropin|ase|ene|ium`);
export const SCT_SALTS = w(`hydrochloride|sodium|potassium|sulfate|acetate|citrate|maleate|tartrate|phosphate|
  mesylate|besylate|succinate|fumarate|bromide|calcium|magnesium|dihydrate|monohydrate`);

export const SCT_GENUS_ENDS = w(`us|a|um|ella|ococcus|obacter|omyces|ovirus|ia|ium|opsis|ospora|onema|ophila`);
export const SCT_SPECIES = w(`aureus|minor|major|vulgaris|communis|pneumoniae|coli|pyogenes|agalactiae|fragilis|
  albicans|niger|ruber|viridis|borealis|australis|orientalis|occidentalis|sylvestris|aquaticus|marinus|
  terrestris|hominis|canis|felis|bovis|suis|equi|avium|ovis|caprae|murinus|elegans|gracilis|robustus|
  longus|brevis|flavus|albus|nigrum|tenuis|lentus|rapidus|mobilis|virulentus|commensalis|hospitalis`);

export const SCT_QUALIFIER_ADJ = w(`Mild|Moderate|Severe|Acute|Chronic|Subacute|Recurrent|Intermittent|Persistent|
  Primary|Secondary|Congenital|Acquired|Bilateral|Unilateral|Left|Right|Open|Closed|Partial|Complete|Early|
  Late|Transient|Progressive|Stable|Unstable|High|Low|Normal|Abnormal|Positive|Negative|Single|Multiple|Oral|
  Intravenous|Topical|Subcutaneous|Intramuscular|Inhaled|Rectal|Nasal|Ophthalmic|Otic|Vaginal|Elective|
  Emergency|Urgent|Routine|Diagnostic|Therapeutic|Palliative|Preventive|Surgical|Percutaneous|Endoscopic|
  Laparoscopic|Robotic|Manual|Automated|Continuous|Episodic|Increasing|Decreasing|Fluctuating`);
export const SCT_QUALIFIER_NOUNS = w(`severity|course|route|dose form|laterality|intent|priority|approach|action|status|
  phase|grade|stage|type|pattern|context|scale|property|time aspect|method|onset|distribution|frequency|
  consistency|color|shape|size|position|technique|access`);

export const SCT_DOSE_FORMS = w(`oral tablet|oral capsule|oral solution|oral suspension|injection solution|
  cutaneous cream|cutaneous ointment|transdermal patch|nasal spray|eye drops|ear drops|inhalation powder|
  rectal suppository|vaginal gel|prolonged-release tablet|gastro-resistant capsule|powder for infusion`);

export const SCT_DEVICES = w(`catheter|stent|screw|plate|pin|wire|suture|needle|syringe|cannula|tube|implant|prosthesis|
  pump|valve|mesh|dressing|bandage|splint|cast|electrode|pacemaker|lead|sensor|monitor|scalpel|forceps|
  retractor|clamp|drain|nail|rod|anchor|clip|staple|filter|balloon|sheath|port|reservoir`);
export const SCT_DEVICE_KINDS = w(`small|large|pediatric|adult|long|short|flexible|rigid|curved|straight|coated|
  single-use|reusable|sterile|implantable`);
export const SCT_QUALIFIER_ADV = w(`Very|Mostly|Partially|Predominantly|Intermittently|Rarely|Markedly|Slightly|
  Moderately|Extremely|Occasionally|Persistently`);
export const SCT_MATERIALS = w(`Steel|Titanium|Silicone|Polyethylene|Latex|Ceramic|Glass|Cotton|Nylon|Polymer|
  Carbon fiber|Cobalt-chromium|Hydrocolloid|Alginate|Polyurethane|Gold|Silver-coated|Absorbable|Biologic|Disposable`);

export const SCT_OBS_PROPS = w(`Mass concentration|Substance concentration|Presence|Level|Rate|Volume|Count|Ratio|
  Activity|Titer|Mass|Length|Temperature|Pressure|Pattern|Duration|Clearance|Excretion rate`);

export const SCT_SITUATION_PREFIXES = w(`History of|Family history of|Suspected|No history of|At risk of|Planned|
  Not done|Refused|Past history of|Follow-up of`);

export const SCT_EVENT_HEADS = w(`Accident involving|Exposure to|Fall from|Collision with|Injury caused by|Contact with|
  Bite of|Sting of|Inhalation of|Ingestion of`);
