/**
 * The rule book in English: the Rules page's texts (book.ts says their shape, markup.ts their markup).
 * The Bavarian terms stay, marked `_…_`; the glossary translates them.
 */
import type { RuleBookText } from './book.js';

export const EN: RuleBookText = {
  title: 'Wallachen: the rules',
  contents: 'Contents',
  intro: {
    title: 'What the game is',
    paragraphs: [
      'Wallachen is an old Bavarian tavern card game for three players, a relative of Préférence. It is played with 32 cards of the Bavarian pattern, in the suits _Eichel_, _Gras_, _Herz_ and _Schellen_ (acorns, leaves, hearts, bells). Only tricks count, not card points. Whoever wins the auction is the declarer: they promise to take a certain number of the ten tricks (or none in _Bettel_, or all in _Mord_) and play alone against the other two.',
      'Here the game is played by correspondence: everyone moves when they have time, the table shows whose turn it is and accepts only moves the rules allow. The numbers R1 to R10 are the rule numbers the program uses as well; when a move is refused, the rule is named, for example R7.3. Players keep the Bavarian words, in English too; the glossary below translates them.',
    ],
  },
  glossary: { title: 'The words of the game' },
  sections: {
    R1: {
      title: 'Cards and players',
      rules: {
        'R1.1':
          '32 cards: four suits (_Eichel_, _Gras_, _Herz_, _Schellen_), each with _Sau_ (ace), _König_ (king), _Ober_, _Unter_, 10, 9, 8, 7. They rank in that order in every suit, the _Sau_ highest, so the ten ranks below the _Unter_. Cards have no point values: all that counts is how many tricks you take.',
        'R1.2':
          'Three players sit clockwise. A table plays a series of games (table option “Number of games”, {default:games} by default; with three, everyone deals once); whoever creates the table chooses the first dealer. After each game the next player clockwise deals, also after a redeal with the pot (R5.2).',
        'R1.3':
          'Left of the dealer (next clockwise) sits _Vorhand_ (forehand), then _Mittelhand_ (middlehand); the dealer is _Hinterhand_ (rearhand).',
      },
    },
    R2: {
      title: 'Shuffle and deal',
      rules: {
        'R2.1':
          'The table shuffles with a cryptographically secure random source; there is no cut online. During the game the table shows a fingerprint (SHA-256) of the secret shuffle seed and afterwards the seed itself, so anyone can check that the cards were fixed before the first bid.',
        'R2.2':
          'Everyone gets 10 cards, and 2 go face down to the _Stock_. As at the tavern table the cards come 3-4-3; after the first 3 there is time to double (R3).',
      },
    },
    R3: {
      title: 'Doubling (Doppeln)',
      rules: {
        'R3.1':
          'After the first 3 cards everyone sees only those 3 and decides once: double or not. Each decides alone, in any order. Until all three have decided, nobody, no player and no spectator, learns anything of another player’s choice: not from the doubles, nor from the multiplier or any other figure. You see only who has decided, and your own choice. Only when all three have decided does everyone see who doubled and get the rest of their cards.',
        'R3.2': 'Each double doubles every payment of this game: one ×2, two ×4, three ×8.',
        'R3.3': 'Without doubling everyone gets all 10 cards at once.',
        'R3.4':
          'Doubling before seeing any card (“blind”, “before or during the deal”) is not offered: online the deal takes no time, and the moment after the first packet (R3.1) is the one all three source texts describe.',
      },
      option: { label: 'Table option “Doubling”', text: '{default:doubling} by default; off means no doubling round (R3.3).' },
    },
    R4: {
      title: 'The auction (Reizen)',
      intro:
        'The bids from low to high: **6, 7, 8, 9, _Bettel_, _Mord_** (with the table option “Ten-trick bid” also 10, between 9 and _Bettel_). A number means: I will take at least that many of the ten tricks. The auction is two duels of two players each.',
      rules: {
        'R4.1': 'First _Vorhand_ against _Mittelhand_. _Vorhand_ speaks first: _„Ich spiele“_ (I play, which is a bid of 6) or _„Weiter“_ (pass).',
        'R4.2':
          'If _Vorhand_ played, _Mittelhand_ passes or bids higher, say 7 (jumps are allowed, straight to _Bettel_ or _Mord_ too). _Vorhand_ then answers _„Halte ich“_ (I hold: it takes over the same bid, because the elder seat has priority) or passes. Then _Mittelhand_ must bid higher again or pass, and so on until one passes. _Vorhand_ never raises; it holds or passes. If _Vorhand_ passed at once, _Mittelhand_ plays (6) or passes.',
        'R4.3':
          'Then the dealer against whoever is left: the dealer bids higher or passes, the other holds or passes, in turn until one passes. If nobody is left from the first duel, the dealer plays (6) or passes.',
        'R4.4':
          '_Bettel_ and _Mord_ may be bid directly whenever a higher bid is allowed. Whoever speaks first in a duel (_Vorhand_; _Mittelhand_ after _Vorhand_ passed at once; the dealer when nobody is left) can only play or pass, and may still announce _Bettel_ or _Mord_ after the stock (R6.2). Nothing beats _Mord_: a player who would have to outbid it is not asked and counts as having passed.',
        'R4.5':
          'The last one standing is the declarer (_Alleinspieler_), with their last bid. The other two are the defenders (_Gegenspieler_) and play together.',
      },
      example:
        '**Example:** _Vorhand_: “_Ich spiele_.” _Mittelhand_: “Seven.” _Vorhand_: “_Halte ich_.” _Mittelhand_: “Eight.” _Vorhand_: “_Weiter_.” Now the dealer against _Mittelhand_: dealer: “Nine.” _Mittelhand_: “_Halte ich_.” Dealer: “_Weiter_.” _Mittelhand_ is the declarer with 9.',
      option: { label: 'Table option “Ten-trick bid”', text: '{default:tenTrickBid} by default; on adds the bid 10, between 9 and Bettel.' },
    },
    R5: {
      title: 'When everybody passes',
      intro: 'What happens then is set by the table option “When everybody passes”.',
      rules: {
        'R5.1':
          '**_Muss-Spiel_**, the forced game{mark:allPass=forced}: _Vorhand_ becomes the declarer with 6. After the stock it may, like any declarer, announce something higher (R6.2).',
        'R5.2':
          '**_Haferl_**, the pot{mark:allPass=pot}: everyone pays the pot stake into the pot (a table option, {default:potStake} by default), and the next dealer deals again. The pot is like a fourth account. Doubles, _Kontra_ and _Re_ never multiply the pot stake. A redeal is not a game of the series: the game number stays, only the dealer moves on. Who wins the pot is set by the table option “Who wins the pot”:\n- **the next declarer who wins a game**{mark:potTo=declarer}: takes the whole pot; a lost game leaves it there for later.\n- **the winners of the next game** (“for the winner of the next game”){mark:potTo=winners}: the next game played decides it. A declarer who wins takes the whole pot; a declarer who loses leaves it to the two defenders, who share it equally, and a unit that cannot be split stays in the pot.',
        'R5.3':
          'When the series ends with something in the pot, it is paid back to the three players in equal shares; a remainder that cannot be split in three stays in the pot. The final balances show it.',
        'R5.4':
          'A table redeals only so many times in a row for one game number (table option “Redeals in a row at most”, 1 to {limit:maxRedeals}, {default:maxRedeals} by default). When everybody passes after the last of them, the game is played as R5.1’s forced game.',
      },
    },
    R6: {
      title: 'Stock, discard and contract',
      rules: {
        'R6.1':
          'The declarer takes the 2 cards of the _Stock_ (now holding 12) and puts any 2 away face down (_Drücken_, discarding). Discarded cards belong to no trick, and nobody else sees them until the game is over (R10.3).',
        'R6.2':
          'Then the declarer announces the contract: the winning bid, a higher number (up to 9, or 10 with “Ten-trick bid”), _Bettel_ or _Mord_. It may never be lower than the bid. Having bid 7, you may play 7, 8, 9, _Bettel_ or _Mord_; having bid _Bettel_, only _Bettel_ or _Mord_.',
        'R6.3': 'The numbers are games with a trump suit (R7.2); _Bettel_ and _Mord_ have no trumps.',
      },
    },
    R7: {
      title: 'Play',
      rules: {
        'R7.1': 'The declarer always leads to the first trick, wherever they sit.',
        'R7.2':
          "In a numbered game the trump suit is fixed with the declarer's first card, for the whole game. A trump beats any card of another suit. How, the table option “Trump suit” says: with “the suit of the first card”{mark:trump=led} the suit of that first card is trump, so trumps are led to the first trick. With “named”{mark:trump=named} the declarer names any suit as trump while playing the first card, and the card need not be of that suit.",
        'R7.3': '**_Farbzwang_** (follow duty): if you hold a card of the suit led, you must play one.',
        'R7.4':
          '**_Stichzwang_** (win duty): when you follow suit you must go higher if you can, that is, play a card above the highest card of the led suit in the trick so far. But if a trump already lies in the trick (and the led suit is not trump), no card of the led suit can win it any more, so any card of that suit will do.',
        'R7.5':
          '**_Trumpfzwang_** (trump duty): if you cannot follow suit but hold a trump, you must trump. If a trump already lies in the trick, you must overtrump if you can, otherwise play any trump.',
        'R7.6': 'Only if you can neither follow suit nor trump may you play any card.',
        'R7.7': 'The trick goes to the highest trump in it, otherwise to the highest card of the suit led. The winner leads next.',
        'R7.8':
          'Follow duty and win duty apply in every game, _Bettel_ and _Mord_ included (there is no trump duty there, as there are no trumps). With the table option “Win duty in Bettel” off, win duty does not apply in _Bettel_: whoever follows suit may play low.',
        'R7.9':
          '_Bettel_ is lost and over at once when the declarer takes a trick; _Mord_, when a defender takes a trick. A numbered game is always played to the tenth trick, because every trick counts.',
        'R7.10':
          'Everyone may look at the last completed trick. With the table option “Tricks you can look at: every trick”, all tricks of the game stay visible. With “the other side’s last trick only”, the trick just completed stays on the table for everyone until the next card is played; after that the declarer may look only at the last trick the defenders took, and each defender only at the declarer’s last trick. Spectators see what a defender sees.',
        'R7.11':
          '**_Klopfen_** (knocking; a table option, {default:knock} by default): a defender who does not follow suit (trumping or throwing off) and plays their last card of a suit may knock; everyone sees it. So the partner knows that suit is gone. Nobody knocks when leading, and the declarer never knocks.',
        'R7.12':
          '**Claiming the rest** (a table option, {default:claims} by default): during play anyone may claim the rest of the game, in turn or not, except while the declarer decides on _Re_ (R8.2): the declarer that it takes every remaining trick (in _Bettel_: no more trick), a defender that the declarer takes no more trick (in _Bettel_: that the declarer takes one; in _Mord_: that the defenders take one). A claim is judged from everything the claimer has seen in this game: its own cards, the _Stock_ and its discards (the declarer), every card played to every trick so far (even a trick R7.10 no longer lets it look at: players count cards), and every announcement. It counts only when it holds however everyone plays their cards legally, the claimer included, and however the cards the claimer has not seen lie; then the game ends at once and is settled as if played out so. Otherwise the claim is refused, everyone sees that it was made and refused, nothing else changes, and the claimer may claim again from the next trick. A claim is always decided, sure or not.',
      },
      example:
        '**Example:** _Herz_ is trump and the _Schellen-König_ is led. You hold the _Schellen-Sau_ and the _Schellen-Ober_: you must play the _Sau_ (win duty). If the player before you has already trumped with a _Herz_, you may play the _Ober_ instead. With no _Schellen_ but some _Herz_, you must trump, and beat a _Herz_ already in the trick if you can.',
    },
    R8: {
      title: 'Kontra and Re',
      rules: {
        'R8.1':
          "From the moment the contract is announced until the first trick is complete, a defender may say _Kontra_: once per game for both defenders together. In practice it is said with or before the defender's own card to the first trick, as each defender has a turn in that trick.",
        'R8.2':
          "After a _Kontra_, play pauses: it is the declarer's turn to say _Re_ or no _Re_, and only then does play go on. _Re_ is possible only in that turn. (A declarer who must answer in their own turn cannot miss the chance, which matters when moves are days apart.)",
        'R8.3': '_Kontra_ and _Re_ each double every payment of the game, just like a double.',
      },
      option: { label: 'Table option “Kontra and Re”', text: '{default:kontra} by default; off means neither.' },
    },
    R9: {
      title: 'Settlement',
      intro:
        'The **multiplier** m is 2 to the power of (doubles + _Kontra_ + _Re_): 1 with none of them, then 2, 4, 8 … up to 32 (three doubles, _Kontra_ and _Re_). From the table options: s = stake per trick ({default:stakePerTrick} by default), f = tariff for _Bettel_ and _Mord_ ({default:flatTariff} by default).',
      rules: {
        'R9.1':
          'Numbered contract c, the declarer took t tricks. Won (t at least c): each defender pays the declarer s · t · m, so every trick above the contract counts. Lost (t below c): the declarer pays each defender s · c · m, reckoned with the contract.',
        'R9.2':
          '_Bettel_ won (no trick) or _Mord_ won (all 10 tricks): each defender pays the declarer f · m. Lost: the declarer pays each defender f · m.',
        'R9.3': 'With the pot (R5.2), the game also moves the pot as the table option “Who wins the pot” says (R5.2, R5.3).',
        'R9.4': 'Money only changes hands: the three balances and the pot always add up to 0.',
      },
    },
    R10: {
      title: 'The record of a game',
      rules: {
        'R10.1':
          'Every game is written down in full: options, dealer, all cards and the stock, every move in order, the contract, trump, tricks and settlement. Replaying it gives exactly the same result.',
        'R10.2':
          'While a game runs, each player sees only: their own cards, the cards played to tricks (R7.10), everything said aloud (doubles, bids, contract, _Kontra_ and _Re_, knocks), and how many cards each player holds. Only the declarer, after taking it up, sees the stock and their own discards. Spectators see only what everybody sees.',
        'R10.3': 'When the game is over, its whole record (all hands, the stock and the discards) may be shown to the players and the spectators.',
      },
    },
  },
  options: {
    title: 'The table options',
    lead: "Whoever creates a table chooses these rules for the whole series; anything not chosen keeps its default. The code in the first column is the option's name in the programming interface.",
  },
  example: {
    title: 'A settlement, worked out',
    lead: 'Stake per trick 1. During the deal one player doubles (×2). _Vorhand_ wins the auction with 7, takes up the stock, discards and announces 7. A defender says _Kontra_ (×2); the declarer says no _Re_. So the multiplier is m = 2{sup:1 + 1} = 4. The declarer takes 8 tricks: won, and every trick counts. Each defender pays 1 · 8 · 4 = 32.',
    variations: [
      'With only 6 tricks the game is lost: the declarer pays each defender 1 · 7 · 4 = 28 (the 7 announced, not the 6 taken), so −56 for the declarer and +28 for each defender.',
      'With a _Re_ as well, m = 8: each defender pays 1 · 8 · 8 = 64.',
      'With 3 in the pot, the declarer takes that too: +67 instead of +64, and the pot is empty.',
      'A won _Bettel_ with the same double and _Kontra_ brings 10 · 4 = 40 from each defender.',
    ],
  },
};
