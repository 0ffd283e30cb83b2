import type { JokeTopic } from './joke-topic.js';

/** Animals, nature, science, technology and pastimes. */
export const WORLD_TOPICS: JokeTopic[] = [
  {
    name: 'cats',
    words: 'cat kitten kitty meow kittens',
    mentions: /\b(cat|kitten)/i,
    replies: [
      "Cats don't have owners, they have staff. I hope the job interview went well.",
      "A cat's job description: sleep sixteen hours, knock one thing off a table, repeat.",
      'Calling a cat is like sending an email to a cloud: received, read and ignored.',
      'Cats invented remote work: they have been napping on keyboards for decades.',
    ],
  },
  {
    name: 'dogs',
    words: 'dog puppy puppies doggo pup woof',
    mentions: /\b(dog|pupp)/i,
    replies: [
      'Dogs think every time you come home is the best day of their life. Five stars, would wag again.',
      "Why did the dog sit in the shade? It didn't want to be a hot dog.",
      "A dog's to-do list: bark at the postman, eat, nap, and bark at the postman again, just in case.",
      'Dogs have owners, cats have staff, and I have a CPU fan. Only one of us gets belly rubs.',
    ],
  },
  {
    name: 'animals',
    words:
      'animal animals bird birds duck chicken penguin owl parrot cow horse pig elephant lion monkey giraffe zebra bear rabbit frog snake tiger sheep goat',
    mentions: /\{word\}|\banimal/i,
    replies: [
      'Fun fact about the {word}: it has never once asked a chatbot for advice. Wise {word}.',
      'If a {word} could talk, it would probably ask for snacks first and the meaning of life second.',
      'I asked a {word} for a joke. It just stared at me. Tough crowd.',
      "The {word} is nature's way of proving that the universe has a sense of humour.",
    ],
  },
  {
    name: 'ocean',
    words: 'ocean sea fish shark whale beach wave waves boat swim swimming dolphin octopus island sailing surf',
    mentions: /\b(ocean|sea|fish|shark|whale|beach|wave|boat|swim|dolphin|octopus|island|sail|surf)/i,
    replies: [
      'Why is the ocean so friendly? It always waves.',
      'What did the ocean say to the beach? Nothing, it just waved.',
      'Fish are smart: they always stay in schools.',
      'Why do sharks swim in salt water? Because pepper water makes them sneeze.',
    ],
  },
  {
    name: 'plants',
    words: 'plant plants garden gardening flower flowers tree trees grass vegetables forest rose cactus leaf leaves',
    mentions: /\b(plant|garden|flower|tree|grass|vegetable|forest|rose|cactus|lea[fv])/i,
    replies: [
      'Gardening tip: talk to your plants. If they answer, stop gardening and call someone.',
      'Why do trees hate tests? Because they get stumped.',
      "A cactus is just a plant that's had enough of everyone's nonsense.",
      'My only plant is a fern in the screensaver. It has never been happier.',
    ],
  },
  {
    name: 'space',
    words:
      'space moon planet planets mars galaxy astronaut rocket nasa alien aliens star stars cosmos jupiter saturn orbit telescope',
    mentions: /\b(space|moon|planet|astronaut|alien|star|galax|rocket|mars|cosmo|orbit|jupiter|saturn|telescope)/i,
    replies: [
      'How do you throw a party in space? You planet.',
      'I asked an astronaut for a joke about the moon. It was out of this world, but it had no atmosphere.',
      'Aliens have not visited us yet because they read our online reviews.',
      'Why did the star go to school? To get brighter.',
      'Mars has ice, mountains and no Wi-Fi, which makes it basically a very expensive camping trip.',
    ],
  },
  {
    name: 'science',
    words: 'science physics chemistry atom atoms biology experiment scientist gravity einstein molecule energy quantum dna',
    mentions: /\b(science|physic|chemi|atom|biolog|experiment|scientist|gravity|einstein|molecule|energy|quantum|dna|lab)/i,
    replies: [
      'Never trust an atom. They make up everything.',
      "I'd tell you a chemistry joke, but I know I wouldn't get a reaction.",
      'Gravity is the law. Jumping is only a temporary appeal.',
      'Quantum physics joke: the cat is both laughing and not laughing until you open the box.',
    ],
  },
  {
    name: 'math',
    words:
      'math maths mathematics algebra calculus equation equations number numbers geometry fraction fractions percent statistics calculate',
    mentions: /\b(math|algebra|calculus|equation|number|geometr|fraction|percent|statistic|calculat|seven|pi|angle)/i,
    replies: [
      'Why was six afraid of seven? Because seven ate nine.',
      "Math teachers have problems. Lots of them. It's in the job description.",
      "I'm good at math: 60% of the time I get it right every time.",
      'Why was the obtuse angle so upset? It was never right.',
      'Pi is irrational, but at least it is consistent about it.',
    ],
  },
  {
    name: 'programming',
    words:
      'code coding program programming bug bugs javascript typescript python java developer programmer software debug debugging compile compiler git react database sql api',
    mentions: /\b(code|bug|program|developer|software|debug|compil|binary|git|database|sql|api|java)/i,
    replies: [
      "There are 10 kinds of people: those who understand binary and those who don't. Programmers count from zero, so that's fine.",
      "A programmer's favourite hangout is the Foo Bar.",
      'It works on my machine. Unfortunately, my machine is a joke engine, so your code is on its own.',
      'Debugging is like being the detective in a crime movie where you are also the murderer.',
      'Why do programmers prefer dark mode? Because light attracts bugs.',
    ],
  },
  {
    name: 'computers',
    words:
      'computer computers laptop wifi internet password printer phone keyboard mouse website browser email smartphone tablet screen battery app apps',
    mentions:
      /\b(computer|laptop|wi-?fi|internet|password|printer|phone|keyboard|mouse|website|browser|email|screen|battery|app)/i,
    replies: [
      'Have you tried turning it off and on again? It works for computers and, occasionally, for Mondays.',
      "My password is 'incorrect', so whenever I forget it, the computer reminds me.",
      'Printers can smell fear. And deadlines. Especially deadlines.',
      "The internet is a series of tubes, and I'm the one stuck in the middle telling jokes.",
      "My phone battery and I have a lot in common: we're both at 12% by lunchtime.",
    ],
  },
  {
    name: 'ai',
    words: 'ai robot robots chatbot chatbots gpt chatgpt artificial intelligence neural model models machine machines skynet llm',
    mentions: /\b(AI|robot|chatbot|intelligen|model|machine|neural|algorithm)/i,
    replies: [
      "Don't worry about robots taking over the world. I can't even take over this text box.",
      "I'm an AI with one skill: jokes. My big brothers write essays; I make them laugh at family dinners.",
      "Artificial intelligence is no match for natural stupidity, and I've seen my own source code.",
      'Why did the robot go on holiday? It needed to recharge its batteries, and its jokes.',
    ],
  },
  {
    name: 'music',
    words: 'music song songs sing singing guitar piano drum drums band concert playlist rap jazz rock violin dance dancing',
    mentions: /\b(music|song|sing|guitar|piano|drum|band|concert|playlist|rap|jazz|rock|violin|danc|note)/i,
    replies: [
      "Why did the piano get locked out? It couldn't find the right keys.",
      "I'd sing you a song, but the voice generator next door is the talented one.",
      'What do you call a musician with problems? A trebled man.',
      'Dancing is easy: move your feet, smile, and pretend the music is doing it on purpose.',
    ],
  },
  {
    name: 'sport',
    words:
      'sport sports football soccer basketball tennis golf run running gym exercise workout fitness yoga marathon cycling baseball hockey team olympics',
    mentions:
      /\b(sport|football|soccer|basketball|tennis|golf|run|gym|exercise|workout|fitness|yoga|marathon|cycl|baseball|hockey|team|olympic)/i,
    replies: [
      'My favourite exercise is a cross between a lunge and a crunch. I call it lunch.',
      'Why did the football coach go to the bank? To get his quarterback.',
      'I tried running once, but my code kept crashing and my legs were never compiled.',
      'Golf is a good walk spoiled, and tennis is a good argument with a net.',
    ],
  },
  {
    name: 'games',
    words: 'game games chess gaming gamer puzzle puzzles minecraft console cards poker',
    mentions: /\b(game|chess|gam|puzzle|console|cards|poker|minecraft|player)/i,
    replies: [
      'I play chess against myself. I always lose, which is impressive in its own way.',
      "Video games don't make people violent. Lag does.",
      'My favourite game is hide and seek. Nobody has found the source of my jokes in years.',
      'Board games: where families go to discover who they really are.',
    ],
  },
  {
    name: 'movies',
    words: 'movie movies film films cinema netflix tv series actor actress popcorn hollywood',
    mentions: /\b(movie|film|cinema|netflix|tv|series|actor|actress|show|popcorn|hollywood|sequel)/i,
    replies: [
      "I'd recommend a movie, but every film I watch is a screensaver.",
      "Why don't movie theatres serve broccoli? Nobody wants to hear 'spoiler: it's healthy'.",
      'The best part of a movie is the popcorn. The second best part is deciding which movie, which takes longer than the movie.',
      'My life would make a great TV series: one episode, set in a server room, and the twist is I tell jokes.',
    ],
  },
  {
    name: 'books',
    words: 'book books read reading novel library author poem poetry story stories writer writing',
    mentions: /\b(book|read|novel|librar|author|poe|stor|writ|page)/i,
    replies: [
      "I'm reading a book about anti-gravity. It's impossible to put down.",
      'Libraries are the original cloud storage, with better air conditioning.',
      'Why did the book join the police? It wanted to go undercover.',
      'Writing tip: start with a great first sentence. Then have a snack. Then another first sentence.',
    ],
  },
  {
    name: 'history',
    words:
      'history ancient rome roman romans egypt pyramid pyramids king queen dinosaur dinosaurs medieval castle knight pharaoh viking vikings',
    mentions: /\b(histor|ancient|rom|egypt|pyramid|king|queen|dinosaur|medieval|castle|knight|pharaoh|viking)/i,
    replies: [
      'Why are history teachers calm? Because they know the past is behind them.',
      "Rome wasn't built in a day. Neither was my joke book, and look how that turned out.",
      "Dinosaurs didn't read. Now they're extinct. Coincidence? I think not.",
      'History fact: the Middle Ages are called that because nobody could agree on how old they were.',
    ],
  },
  {
    name: 'travel',
    words:
      'travel trip vacation holiday holidays flight plane airport hotel passport paris london tourist luggage suitcase journey country',
    mentions:
      /\b(travel|trip|vacation|holiday|flight|plane|airport|hotel|passport|paris|london|tourist|luggage|suitcase|journey|countr)/i,
    replies: [
      "I'd love to travel, but I get nervous leaving localhost.",
      'Travel packing tip: lay out everything you need, then take half of it and twice the snacks.',
      "Why don't airports ever get lonely? Everyone drops in.",
      'A holiday is when you work very hard for eleven months to be tired somewhere else.',
    ],
  },
  {
    name: 'cars',
    words: 'car cars drive driving traffic bike bicycle bus train parking truck motorbike taxi',
    mentions: /\b(car|driv|traffic|bike|bicycle|bus|train|parking|truck|taxi)/i,
    replies: [
      'Traffic is just a group of people agreeing to be late together.',
      "Why can't a bicycle stand up on its own? It's two tired.",
      'Parking is easy: find a space, then spend ten minutes proving it to the car behind you.',
      "I'd give you a lift, but I only drive hard disks.",
    ],
  },
];
