/** The rule book in German: the Rules page's texts (book.ts says their shape, markup.ts their markup). */
import type { RuleBookText } from './book.js';

export const DE: RuleBookText = {
  title: 'Wallachen: die Regeln',
  contents: 'Inhalt',
  intro: {
    title: 'Worum es geht',
    paragraphs: [
      'Wallachen ist ein altes bayerisches Wirtshauskartenspiel für drei Spieler, verwandt mit dem Préférence. Gespielt wird mit 32 Karten im bayerischen Blatt: Eichel, Gras, Herz und Schellen. Es zählen nur Stiche, keine Augen. Wer das Reizen gewinnt, ist der Alleinspieler: Er verspricht, eine bestimmte Zahl der zehn Stiche zu machen (oder im Bettel keinen, im Mord alle) und spielt allein gegen die beiden anderen.',
      'Hier wird per Fernpartie gespielt: Jeder zieht, wann er Zeit hat, der Tisch sagt, wer dran ist, und nimmt nur Züge an, die die Regeln erlauben. Die Nummern R1 bis R10 sind die Nummern der Regeln, mit denen auch das Programm arbeitet; wird ein Zug abgelehnt, steht die Regel dabei, zum Beispiel R7.3.',
    ],
  },
  glossary: {
    title: 'Die Wörter des Spiels',
    lead: 'Die bayerischen Wörter gelten in beiden Sprachen; die englischen stehen für gemischte Runden dabei.',
  },
  sections: {
    R1: {
      title: 'Karten und Spieler',
      rules: {
        'R1.1':
          '32 Karten: vier Farben (Eichel, Gras, Herz, Schellen) mit je Sau, König, Ober, Unter, 10, 9, 8, 7. In dieser Reihenfolge stechen sie in jeder Farbe, die Sau ist die höchste. Die Zehn steht also unter dem Unter. Die Karten haben keine Augen: Es zählt nur, wie viele Stiche einer macht.',
        'R1.2':
          'Drei Spieler sitzen im Uhrzeigersinn. Ein Tisch spielt eine Runde von Spielen (Tischoption „Anzahl der Spiele“, normalerweise {default:games}; bei drei gibt jeder einmal). Wer zuerst gibt, bestimmt der, der den Tisch anlegt. Nach jedem Spiel gibt der Nächste im Uhrzeigersinn, auch nach einem Neugeben mit Haferl (R5.2).',
        'R1.3': 'Links vom Geber (der Nächste im Uhrzeigersinn) sitzt die Vorhand, dann die Mittelhand; der Geber selbst ist die Hinterhand.',
      },
    },
    R2: {
      title: 'Mischen und Geben',
      rules: {
        'R2.1':
          'Der Tisch mischt mit einem kryptografisch sicheren Zufall; Abheben braucht es online nicht. Während des Spiels zeigt der Tisch einen Fingerabdruck (SHA-256) des geheimen Mischwerts, danach den Wert selbst: So kann jeder nachprüfen, dass die Karten schon vor dem ersten Gebot feststanden.',
        'R2.2':
          'Jeder bekommt 10 Karten, 2 kommen verdeckt in den Stock. Wie am Wirtshaustisch wird 3-4-3 gegeben; nach den ersten 3 Karten ist Zeit zum Doppeln (R3).',
      },
    },
    R3: {
      title: 'Doppeln',
      rules: {
        'R3.1':
          'Nach den ersten 3 Karten sieht jeder nur diese 3 und entscheidet einmal: doppeln oder nicht. Jeder entscheidet für sich, in beliebiger Reihenfolge. Bis alle drei entschieden haben, erfährt niemand, kein Spieler und kein Zuschauer, etwas über die Entscheidung eines anderen: nicht aus den Doppeln, nicht aus dem Faktor und aus keiner anderen Zahl. Man sieht nur, wer schon entschieden hat, und seine eigene Entscheidung. Erst wenn alle drei entschieden haben, sieht jeder, wer gedoppelt hat, und bekommt seine restlichen Karten.',
        'R3.2': 'Jeder Doppler verdoppelt jede Zahlung dieses Spiels: einer ×2, zwei ×4, drei ×8.',
        'R3.3': 'Ohne Doppeln bekommt jeder gleich alle 10 Karten.',
        'R3.4':
          'Doppeln, bevor man eine Karte gesehen hat („blind“, „vor oder während des Gebens“), gibt es hier nicht: Online ist in einem Augenblick gegeben, und der Moment nach dem ersten Päckchen (R3.1) ist der, den alle drei Regeltexte beschreiben.',
      },
      option: { label: 'Tischoption „Doppeln“', text: 'normalerweise {default:doubling}; aus heißt: keine Doppelrunde (R3.3).' },
    },
    R4: {
      title: 'Reizen',
      intro:
        'Die Gebote von niedrig nach hoch: **6, 7, 8, 9, Bettel, Mord** (mit der Tischoption „Zehner reizen“ auch 10, zwischen 9 und Bettel). Eine Zahl heißt: So viele der zehn Stiche mache ich mindestens. Gereizt wird in zwei Runden, jeweils zwei gegeneinander.',
      rules: {
        'R4.1': 'Erst die Vorhand gegen die Mittelhand. Die Vorhand spricht zuerst: „Ich spiele“ (das heißt 6) oder „Weiter“.',
        'R4.2':
          'Hat die Vorhand gespielt, sagt die Mittelhand „Weiter“ oder bietet höher, etwa 7 (Sprünge sind erlaubt, auch gleich Bettel oder Mord). Darauf sagt die Vorhand „Halte ich“ (sie übernimmt dasselbe Gebot, denn die ältere Hand hat Vorrang) oder „Weiter“. Dann muss die Mittelhand wieder höher bieten oder passen, und so fort, bis einer weiter sagt. Die Vorhand bietet nie selbst höher: Sie hält oder passt. Hat die Vorhand gleich „Weiter“ gesagt, sagt die Mittelhand „Ich spiele“ oder „Weiter“.',
        'R4.3':
          'Dann der Geber gegen den, der übrig geblieben ist: Der Geber bietet höher oder sagt weiter, der andere hält oder sagt weiter, abwechselnd, bis einer weiter sagt. Ist aus der ersten Runde keiner übrig, sagt der Geber „Ich spiele“ oder „Weiter“.',
        'R4.4':
          'Bettel und Mord darf man direkt bieten, wann immer man höher bieten darf. Wer in einer Runde als Erster spricht (die Vorhand; die Mittelhand, wenn die Vorhand gleich gepasst hat; der Geber, wenn keiner übrig ist), sagt nur „Ich spiele“ oder „Weiter“; Bettel oder Mord kann er nach dem Stock immer noch ansagen (R6.2). Über Mord geht nichts: Wer Mord überbieten müsste, wird nicht mehr gefragt und gilt als gepasst.',
        'R4.5':
          'Wer als Letzter übrig bleibt, ist der Alleinspieler, mit seinem letzten Gebot. Die beiden anderen spielen als Gegenspieler zusammen.',
      },
      example:
        '**Beispiel:** Vorhand: „Ich spiele.“ Mittelhand: „Sieben.“ Vorhand: „Halte ich.“ Mittelhand: „Acht.“ Vorhand: „Weiter.“ Jetzt der Geber gegen die Mittelhand: Geber: „Neun.“ Mittelhand: „Halte ich.“ Geber: „Weiter.“ Die Mittelhand ist Alleinspieler mit 9.',
      option: {
        label: 'Tischoption „Zehner reizen“',
        text: 'normalerweise {default:tenTrickBid}; an heißt: Es gibt auch das Gebot 10, zwischen 9 und Bettel.',
      },
    },
    R5: {
      title: 'Wenn alle weiter sagen',
      intro: 'Was dann geschieht, legt die Tischoption „Wenn alle weiter sagen“ fest.',
      rules: {
        'R5.1':
          '**Muss-Spiel**{mark:allPass=forced}: Die Vorhand wird Alleinspieler mit 6. Nach dem Stock darf sie, wie jeder Alleinspieler, auch höher ansagen (R6.2).',
        'R5.2':
          '**Haferl**{mark:allPass=pot}: Jeder zahlt den Einsatz ins Haferl (Tischoption, normalerweise {default:potStake}), und der nächste Geber gibt neu. Das Haferl ist wie eine vierte Kasse. Doppler, Kontra und Re vervielfachen den Einsatz ins Haferl nie. Ein Neugeben ist kein Spiel der Runde: Die Nummer des Spiels bleibt, nur der Geber wechselt. Wer das Haferl bekommt, legt die Tischoption „Wer das Haferl bekommt“ fest:\n- **der nächste Alleinspieler, der gewinnt**{mark:potTo=declarer}: Er bekommt das ganze Haferl; ein verlorenes Spiel lässt es für später liegen.\n- **die Gewinner des nächsten Spiels** („für den Gewinner des nächsten Spiels“){mark:potTo=winners}: Das nächste gespielte Spiel entscheidet. Gewinnt der Alleinspieler, bekommt er das ganze Haferl; verliert er, teilen es sich die beiden Gegenspieler zu gleichen Teilen, und was sich nicht teilen lässt, bleibt im Haferl.',
        'R5.3':
          'Ist die Runde zu Ende und liegt noch etwas im Haferl, bekommen es die drei zu gleichen Teilen zurück; was sich nicht durch drei teilen lässt, bleibt im Haferl. Der Endstand zeigt es.',
        'R5.4':
          'Für dieselbe Spielnummer wird nur begrenzt oft hintereinander neu gegeben (Tischoption „Höchstens so oft hintereinander neu geben“, 1 bis {limit:maxRedeals}, normal {default:maxRedeals}). Sagen nach dem letzten Neugeben wieder alle weiter, wird wie in R5.1 ein Muss-Spiel gespielt.',
      },
    },
    R6: {
      title: 'Stock, Drücken und Ansage',
      rules: {
        'R6.1':
          'Der Alleinspieler nimmt die 2 Karten des Stocks auf (jetzt hat er 12) und drückt 2 beliebige verdeckt. Die gedrückten Karten gehören zu keinem Stich, und niemand sonst sieht sie, bis das Spiel vorbei ist (R10.3).',
        'R6.2':
          'Dann sagt er sein Spiel an: das gereizte Gebot, eine höhere Zahl (bis 9, mit „Zehner reizen“ bis 10), Bettel oder Mord. Niedriger als gereizt darf er nie ansagen. Wer 7 gereizt hat, kann also 7, 8, 9, Bettel oder Mord spielen; wer Bettel gereizt hat, nur Bettel oder Mord.',
        'R6.3': 'Die Zahlen sind Spiele mit Trumpf (R7.2); Bettel und Mord haben keinen Trumpf.',
      },
    },
    R7: {
      title: 'Das Spiel',
      rules: {
        'R7.1': 'Der Alleinspieler spielt immer zum ersten Stich aus, egal wo er sitzt.',
        'R7.2':
          'Bei einer Zahl steht mit der ersten Karte des Alleinspielers die Trumpffarbe fest, für das ganze Spiel. Trumpf sticht jede andere Farbe. Wie, legt die Tischoption „Trumpffarbe“ fest: Mit „die Farbe der ersten Karte“{mark:trump=led} ist die Farbe dieser ersten Karte Trumpf, der erste Stich ist also ein Trumpfstich. Mit „genannt“{mark:trump=named} nennt der Alleinspieler beim Ausspielen der ersten Karte eine beliebige Farbe als Trumpf, und die Karte muss nicht von dieser Farbe sein.',
        'R7.3': '**Farbzwang**: Wer die ausgespielte Farbe hat, muss sie bedienen.',
        'R7.4':
          '**Stichzwang**: Wer bedient, muss höher gehen, wenn er kann, also eine Karte legen, die höher ist als die bisher höchste Karte dieser Farbe im Stich. Liegt aber schon ein Trumpf im Stich (und die Farbe ist nicht Trumpf), kann ihn keine Karte der Farbe mehr schlagen: Dann darf man jede Karte der Farbe legen.',
        'R7.5':
          '**Trumpfzwang**: Wer nicht bedienen kann, aber Trumpf hat, muss trumpfen. Liegt schon ein Trumpf im Stich, muss er übertrumpfen, wenn er kann, sonst einen beliebigen Trumpf legen.',
        'R7.6': 'Erst wer weder bedienen noch trumpfen kann, darf eine beliebige Karte abwerfen.',
        'R7.7': 'Den Stich bekommt der höchste Trumpf darin, sonst die höchste Karte der ausgespielten Farbe. Wer sticht, spielt als Nächster aus.',
        'R7.8':
          'Farbzwang und Stichzwang gelten in jedem Spiel, auch im Bettel und Mord (Trumpfzwang gibt es dort nicht, weil es keinen Trumpf gibt). Mit der Tischoption „Stichzwang im Bettel“ aus entfällt der Stichzwang im Bettel: Dort darf man dann beim Bedienen drunter bleiben.',
        'R7.9':
          'Der Bettel ist sofort verloren und vorbei, sobald der Alleinspieler einen Stich macht; der Mord, sobald ein Gegenspieler einen Stich macht. Ein Zahlspiel wird immer bis zum zehnten Stich gespielt, denn jeder Stich zählt.',
        'R7.10':
          'Den letzten fertigen Stich darf sich jeder ansehen. Mit der Tischoption „Stiche ansehen: alle“ bleiben alle Stiche des Spiels sichtbar. Mit „nur den letzten Stich der Gegenseite“ bleibt der gerade fertige Stich für alle liegen, bis die nächste Karte kommt; danach darf der Alleinspieler nur den letzten Stich ansehen, den die Gegenspieler gemacht haben, und jeder Gegenspieler nur den letzten Stich des Alleinspielers. Zuschauer sehen, was ein Gegenspieler sieht.',
        'R7.11':
          '**Klopfen** (Tischoption, normalerweise {default:knock}): Ein Gegenspieler, der nicht bedient (also trumpft oder abwirft) und dabei seine letzte Karte einer Farbe legt, darf klopfen; alle sehen es. So weiß sein Partner, dass diese Farbe bei ihm aus ist. Beim Ausspielen wird nicht geklopft, und der Alleinspieler klopft nie.',
        'R7.12':
          '**Rest beanspruchen** (Tischoption, normalerweise {default:claims}): Während des Ausspielens darf jeder den Rest des Spiels beanspruchen, auch wenn er nicht dran ist, nur nicht, solange der Alleinspieler über Re entscheidet (R8.2): der Alleinspieler, dass er alle übrigen Stiche macht (beim Bettel: keinen mehr), ein Gegenspieler, dass der Alleinspieler keinen Stich mehr macht (beim Bettel: dass der Alleinspieler einen macht; beim Mord: dass die Gegenspieler einen machen). Entschieden wird nach allem, was der Beanspruchende in diesem Spiel gesehen hat: seine Karten, der Stock und seine gedrückten Karten (der Alleinspieler), jede Karte jedes bisherigen Stichs (auch eines Stichs, den er nach R7.10 nicht mehr ansehen darf: Karten zählt man mit) und jede Ansage. Der Anspruch gilt nur, wenn er hält, wie immer alle ihre Karten regelgerecht spielen, auch der Beanspruchende selbst, und wie immer die Karten liegen, die er nicht gesehen hat; dann endet das Spiel sofort und wird abgerechnet, als wäre es so ausgespielt worden. Sonst wird er abgelehnt, alle sehen, dass er erhoben und abgelehnt wurde, sonst ändert sich nichts, und der Beanspruchende kann erst im nächsten Stich wieder beanspruchen. Ein Anspruch wird immer entschieden, sicher oder nicht.',
      },
      example:
        '**Beispiel:** Herz ist Trumpf, Schellen-König ist ausgespielt. Du hast Schellen-Sau und Schellen-Ober: Du musst die Sau legen (Stichzwang). Hat der Spieler vor dir schon mit Herz gestochen, darfst du auch den Ober legen. Hast du keine Schellen, aber Herz, musst du trumpfen, und zwar höher als ein Herz, das schon liegt, wenn du kannst.',
    },
    R8: {
      title: 'Kontra und Re',
      rules: {
        'R8.1':
          'Sobald das Spiel angesagt ist und bis der erste Stich fertig ist, darf ein Gegenspieler „Kontra“ sagen, einmal pro Spiel für beide Gegenspieler zusammen. In der Praxis sagt er es mit oder vor seiner eigenen Karte zum ersten Stich, denn jeder Gegenspieler ist im ersten Stich einmal dran.',
        'R8.2':
          'Nach einem Kontra ruht das Spiel: Der Alleinspieler ist dran und sagt „Re“ oder „kein Re“; erst dann geht es weiter. Re gibt es nur in diesem Zug. (Wer in seinem eigenen Zug antworten muss, kann die Gelegenheit nicht verpassen; das zählt, wenn zwischen zwei Zügen Tage liegen.)',
        'R8.3': 'Kontra und Re verdoppeln jede Zahlung des Spiels, genau wie ein Doppler.',
      },
      option: { label: 'Tischoption „Kontra und Re“', text: 'normalerweise {default:kontra}; aus heißt: kein Kontra, kein Re.' },
    },
    R9: {
      title: 'Abrechnung',
      intro:
        'Der **Faktor** m ist 2 hoch (Doppler + Kontra + Re): ohne alles 1, dann 2, 4, 8 … bis 32 (drei Doppler, Kontra und Re). Dazu die Tischoptionen: s = Einsatz pro Stich (normal {default:stakePerTrick}), f = Tarif für Bettel und Mord (normal {default:flatTariff}).',
      rules: {
        'R9.1':
          'Zahlspiel mit Ansage c, der Alleinspieler hat t Stiche gemacht. Gewonnen (t mindestens c): Jeder Gegenspieler zahlt ihm s · t · m, jeder Stich über die Ansage zählt also mit. Verloren (t kleiner als c): Er zahlt jedem Gegenspieler s · c · m, gerechnet mit der Ansage.',
        'R9.2':
          'Bettel gewonnen (kein Stich) oder Mord gewonnen (alle 10 Stiche): Jeder Gegenspieler zahlt ihm f · m. Verloren: Er zahlt jedem Gegenspieler f · m.',
        'R9.3': 'Mit Haferl (R5.2) bewegt das Spiel auch das Haferl, so wie es die Tischoption „Wer das Haferl bekommt“ sagt (R5.2, R5.3).',
        'R9.4': 'Es wird nur umverteilt: Die drei Kontostände und das Haferl ergeben zusammen immer 0.',
      },
    },
    R10: {
      title: 'Das Protokoll eines Spiels',
      rules: {
        'R10.1':
          'Jedes Spiel wird vollständig aufgeschrieben: Optionen, Geber, alle Karten und der Stock, jeder Zug in seiner Reihenfolge, die Ansage, der Trumpf, die Stiche und die Abrechnung. Spielt man es nach, kommt genau dasselbe heraus.',
        'R10.2':
          'Solange ein Spiel läuft, sieht jeder nur: seine eigenen Karten, die gespielten Karten (R7.10), alles, was angesagt wird (Doppler, Gebote, Ansage, Kontra und Re, Klopfen), und wie viele Karten jeder noch hat. Nur der Alleinspieler sieht nach dem Aufnehmen den Stock und seine gedrückten Karten. Zuschauer sehen nur, was alle sehen.',
        'R10.3':
          'Ist das Spiel vorbei, darf das ganze Protokoll gezeigt werden, mit allen Karten, dem Stock und den gedrückten Karten, den Spielern und den Zuschauern.',
      },
    },
  },
  options: {
    title: 'Die Tischoptionen',
    lead: 'Wer einen Tisch anlegt, wählt diese Regeln für die ganze Runde. Ohne Wahl gilt die Voreinstellung. Der Code in der ersten Spalte ist der Name der Option in der Programmierschnittstelle.',
  },
  example: {
    title: 'Beispiel einer Abrechnung',
    lead: 'Einsatz pro Stich 1. Beim Geben doppelt ein Spieler (×2). Die Vorhand gewinnt das Reizen mit 7, nimmt den Stock auf, drückt und sagt 7 an. Ein Gegenspieler sagt Kontra (×2), der Alleinspieler sagt kein Re. Der Faktor ist also m = 2{sup:1 + 1} = 4. Der Alleinspieler macht 8 Stiche: gewonnen, und jeder Stich zählt. Jeder Gegenspieler zahlt ihm 1 · 8 · 4 = 32.',
    variations: [
      'Hätte er nur 6 Stiche gemacht, wäre das Spiel verloren: Er zahlt jedem Gegenspieler 1 · 7 · 4 = 28 (die angesagten 7, nicht die gemachten 6), also −56 für ihn und +28 für jeden Gegenspieler.',
      'Mit Re dazu wäre m = 8: Jeder Gegenspieler zahlt 1 · 8 · 8 = 64.',
      'Lägen 3 im Haferl, bekäme er die auch noch: +67 statt +64, und das Haferl ist leer.',
      'Ein gewonnener Bettel mit demselben Doppler und Kontra bringt von jedem Gegenspieler 10 · 4 = 40.',
    ],
  },
};
