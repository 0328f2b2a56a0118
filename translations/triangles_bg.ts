<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="bg" sourcelanguage="en">
<context>
    <name>BoardDescription</name>
    <message>
        <source>custom board</source>
        <translation>собствено поле</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Телефон</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Таблет</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n star(s)</source>
        <translation>
            <numerusform>%1 · %n звезда</numerusform>
            <numerusform>%1 · %n звезди</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BoardWords</name>
    <message>
        <source>top left</source>
        <translation>горе вляво</translation>
    </message>
    <message>
        <source>top</source>
        <translation>горе</translation>
    </message>
    <message>
        <source>top right</source>
        <translation>горе вдясно</translation>
    </message>
    <message>
        <source>left</source>
        <translation>вляво</translation>
    </message>
    <message>
        <source>centre</source>
        <translation>в центъра</translation>
    </message>
    <message>
        <source>right</source>
        <translation>вдясно</translation>
    </message>
    <message>
        <source>bottom left</source>
        <translation>долу вляво</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>долу</translation>
    </message>
    <message>
        <source>bottom right</source>
        <translation>долу вдясно</translation>
    </message>
    <message>
        <source>Star %1, %2</source>
        <translation>Звезда %1, %2</translation>
    </message>
    <message>
        <source>no stroke yet</source>
        <translation>все още няма черта</translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) from it</source>
        <translation>
            <numerusform>%n черта излиза от нея</numerusform>
            <numerusform>%n черти излизат от нея</numerusform>
        </translation>
    </message>
    <message>
        <source>Stroke %1 by %2, from star %3 to star %4</source>
        <translation>Черта %1 на %2, от звезда %3 до звезда %4</translation>
    </message>
    <message numerus="yes">
        <source>closed %n triangle(s)</source>
        <translation>
            <numerusform>затвори %n триъгълник</numerusform>
            <numerusform>затвори %n триъгълника</numerusform>
        </translation>
    </message>
    <message>
        <source>Triangle of stars %1, %2 and %3, %4’s</source>
        <translation>Триъгълник от звездите %1, %2 и %3, на %4</translation>
    </message>
    <message>
        <source>%1 drew a stroke from %2 to %3</source>
        <translation>%1 начерта черта от %2 до %3</translation>
    </message>
    <message>
        <source>star %1 (%2)</source>
        <translation>звезда %1 (%2)</translation>
    </message>
    <message>
        <source>Score: %1 %2, %3 %4</source>
        <translation>Резултат: %1 %2, %3 %4</translation>
    </message>
    <message>
        <source>Picked %1: now choose the other end.</source>
        <translation>Избрана е %1: сега изберете другия край.</translation>
    </message>
    <message>
        <source>Hint: from %1 to %2.</source>
        <translation>Подсказка: от %1 до %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n звезда</numerusform>
            <numerusform>%n звезди</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn</source>
        <translation>
            <numerusform>%n начертана черта</numerusform>
            <numerusform>%n начертани черти</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message>
        <source>Skip the guide</source>
        <translation>Пропускане на ръководството</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Ясно</translation>
    </message>
    <message>
        <source>Welcome! Players take turns drawing straight strokes between stars. Click a star to pick it: the marked one, for example.</source>
        <translation>Добре дошли! Играчите се редуват да чертаят прави черти между звездите. Щракнете върху звезда, за да я изберете – например върху отбелязаната.</translation>
    </message>
    <message>
        <source>Now click another star: a stroke joins the two. A stroke may not cross another stroke or pass over a star. Click the picked star again to let it go.</source>
        <translation>Сега щракнете върху друга звезда: черта свързва двете. Чертата не може да пресича друга черта или да минава през звезда. Щракнете отново върху избраната звезда, за да я пуснете.</translation>
    </message>
    <message>
        <source>Well drawn! Now the computer plays, then you again. Watch for three stars that two strokes already join.</source>
        <translation>Добре начертано! Сега играе компютъра, после пак вие. Търсете три звезди, които две черти вече свързват.</translation>
    </message>
    <message>
        <source>Close an empty triangle to score a point: the marked stroke closes one. Draw it!</source>
        <translation>Затворете празен триъгълник, за да спечелите точка: отбелязаната черта затваря един. Начертайте я!</translation>
    </message>
    <message>
        <source>A triangle: one point! The game ends when no triangle can be closed any more; the most triangles wins. Game &gt; Hint (H) shows a good stroke any time.</source>
        <translation>Триъгълник: една точка! Играта свършва, когато вече не може да се затвори триъгълник; печели този с повече триъгълници. Игра &gt; Подсказка (H) показва добра черта по всяко време.</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%n stroke(s) taken back</source>
        <translation>
            <numerusform>%n черта е върната</numerusform>
            <numerusform>%n черти са върнати</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stroke(s) drawn again</source>
        <translation>
            <numerusform>%n черта е начертана отново</numerusform>
            <numerusform>%n черти са начертани отново</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EnginesDialog</name>
    <message>
        <source>“%1” cannot be used as a name: it is empty, too long, or taken.</source>
        <translation>„%1“ не може да бъде име: празно е, твърде дълго е или вече е заето.</translation>
    </message>
    <message>
        <source>Checking “%1”…</source>
        <translation>Проверка на „%1“…</translation>
    </message>
    <message>
        <source>“%1” did not answer as a Triangles engine, so it was not added.</source>
        <translation>„%1“ не отговори като програма за Triangles, затова не беше добавена.</translation>
    </message>
    <message>
        <source>Choose an engine program</source>
        <translation>Изберете програма</translation>
    </message>
    <message>
        <source>Engine name</source>
        <translation>Име на програмата</translation>
    </message>
    <message>
        <source>The name players see:</source>
        <translation>Името, което играчите виждат:</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>Програми</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Технически подробности (на английски):</translation>
    </message>
    <message>
        <source>Computer players that are programs of their own, written in any language. Each one added here can be chosen as the opponent in the New game window.</source>
        <translation>Компютърни играчи, които са отделни програми, написани на какъвто и да е език. Всяка добавена тук може да бъде избрана за противник в прозореца „Нова игра“.</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Добавяне…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Премахване</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>did not answer in time</source>
        <translation>не отговори навреме</translation>
    </message>
    <message>
        <source>“%1” failed again (%2); a simple player takes its place for the rest of this game.</source>
        <translation>„%1“ отново се провали (%2); до края на играта мястото му заема прост играч.</translation>
    </message>
    <message>
        <source>The computer player “%1” failed (%2); a simple stroke was played instead.</source>
        <translation>Компютърният играч „%1“ се провали (%2); вместо него беше изиграна проста черта.</translation>
    </message>
    <message>
        <source>its code raised %1</source>
        <translation>кодът му предизвика %1</translation>
    </message>
    <message>
        <source>it chose a stroke that cannot be drawn</source>
        <translation>избра черта, която не може да бъде начертана</translation>
    </message>
    <message>
        <source>still busy with an earlier move</source>
        <translation>все още е зает с предишен ход</translation>
    </message>
    <message>
        <source>its program stopped, or answered what the game does not understand</source>
        <translation>програмата му спря или отговори нещо, което играта не разбира</translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message numerus="yes">
        <source>Biggest turn: %n triangle(s), by both players</source>
        <translation>
            <numerusform>Най-добър ход: %n триъгълник, и за двамата играчи</numerusform>
            <numerusform>Най-добър ход: %n триъгълника, и за двамата играчи</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Biggest turn: %1 closed %n triangle(s)</source>
        <translation>
            <numerusform>Най-добър ход: %1 затвори %n триъгълник</numerusform>
            <numerusform>Най-добър ход: %1 затвори %n триъгълника</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Longest run: %1 drew %n stroke(s) in a row</source>
        <translation>
            <numerusform>Най-дълга серия: %1 начерта %n черта поред</numerusform>
            <numerusform>Най-дълга серия: %1 начерта %n черти поред</numerusform>
        </translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Край на играта</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Още една игра</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Нова игра…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Затваряне</translation>
    </message>
    <message>
        <source>The score over the game</source>
        <translation>Резултатът по време на играта</translation>
    </message>
</context>
<context>
    <name>HintTexts</name>
    <message numerus="yes">
        <source>Hint: the highlighted stroke closes %n triangle(s).</source>
        <translation>
            <numerusform>Подсказка: маркираната черта затваря %n триъгълник.</numerusform>
            <numerusform>Подсказка: маркираната черта затваря %n триъгълника.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hint: the highlighted stroke is safe: it gives nothing away.</source>
        <translation>Подсказка: маркираната черта е безопасна: не дава нищо на противника.</translation>
    </message>
    <message numerus="yes">
        <source>Hint: no safe stroke is left; the highlighted one gives away the fewest: %n triangle(s).</source>
        <translation>
            <numerusform>Подсказка: не остава безопасна черта; маркираната дава най-малко: %n триъгълник.</numerusform>
            <numerusform>Подсказка: не остава безопасна черта; маркираната дава най-малко: %n триъгълника.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you then take a run of at least %n triangle(s).</source>
        <translation>
            <numerusform>след това вземате поредица от поне %n триъгълник.</numerusform>
            <numerusform>след това вземате поредица от поне %n триъгълника.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) to keep control</source>
        <translation>
            <numerusform>Подсказка: маркираната черта дава %n триъгълник, за да запазите контрола</numerusform>
            <numerusform>Подсказка: маркираната черта дава %n триъгълника, за да запазите контрола</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Hint: the highlighted stroke gives %n triangle(s) now for a better end.</source>
        <translation>
            <numerusform>Подсказка: маркираната черта дава сега %n триъгълник за по-добър край.</numerusform>
            <numerusform>Подсказка: маркираната черта дава сега %n триъгълника за по-добър край.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Нов ход след триъгълник</translation>
    </message>
    <message>
        <source>One stroke per turn</source>
        <translation>Една черта на ход</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Победа</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Загуба</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Равенство</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>Изоставена</translation>
    </message>
    <message>
        <source>You resigned</source>
        <translation>Вие се отказахте</translation>
    </message>
    <message>
        <source>Friend resigned</source>
        <translation>Приятелят се отказа</translation>
    </message>
    <message>
        <source>You left</source>
        <translation>Вие напуснахте</translation>
    </message>
    <message>
        <source>Friend left</source>
        <translation>Приятелят напусна</translation>
    </message>
    <message>
        <source>Stopped: refused</source>
        <translation>Спряна: отказ</translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation>Връзката прекъсна</translation>
    </message>
    <message>
        <source>This game&apos;s record could not be read.</source>
        <translation>Записът на тази игра не може да бъде прочетен.</translation>
    </message>
    <message numerus="yes">
        <source>Stroke %1 of %n</source>
        <translation>
            <numerusform>Черта %1 от %n</numerusform>
            <numerusform>Черта %1 от %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Play on from the stroke shown, on the main board, as a new game.</source>
        <translation>Продължаване от показаната черта на основното поле като нова игра.</translation>
    </message>
    <message>
        <source>The game is over here: step back to play on from an earlier stroke.</source>
        <translation>Тук играта е свършила: върнете се назад, за да продължите от по-ранна черта.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Play the strokes one by one</source>
        <translation>Възпроизвеждане на чертите една по една</translation>
    </message>
    <message>
        <source>Game history</source>
        <translation>История на игрите</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Противник</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Правила</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Точки</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Резултат</translation>
    </message>
    <message>
        <source>No finished games yet. Every game you finish is kept here to replay.</source>
        <translation>Все още няма завършени игри. Всяка завършена игра се пази тук, за да я прегледате отново.</translation>
    </message>
    <message>
        <source>First stroke</source>
        <translation>Първа черта</translation>
    </message>
    <message>
        <source>Previous stroke</source>
        <translation>Предишна черта</translation>
    </message>
    <message>
        <source>Next stroke</source>
        <translation>Следваща черта</translation>
    </message>
    <message>
        <source>Last stroke</source>
        <translation>Последна черта</translation>
    </message>
    <message>
        <source>Stroke</source>
        <translation>Черта</translation>
    </message>
    <message>
        <source>Co&amp;ntinue this game</source>
        <translation>Продъ&amp;лжаване на тази игра</translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 of your %Ln game(s) are listed.</source>
        <translation>
            <numerusform>Показана е най-новата %1 от твоята %Ln игра.</numerusform>
            <numerusform>Показани са най-новите %1 от твоите %Ln игри.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HowToPlayDialog</name>
    <message>
        <source>How to play</source>
        <translation>Как се играе</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Нова игра…</translation>
    </message>
    <message>
        <source>Play on&amp;line…</source>
        <translation>Игра он&amp;лайн…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Отваряне…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Запазване</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Запазване &amp;като…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>От&amp;мяна</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Подсказка</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>&amp;Статистика…</translation>
    </message>
    <message>
        <source>Histor&amp;y…</source>
        <translation>Ис&amp;тория…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Изход</translation>
    </message>
    <message>
        <source>&amp;Plugins…</source>
        <translation>&amp;Плъгини…</translation>
    </message>
    <message>
        <source>&amp;Engines…</source>
        <translation>П&amp;рограми…</translation>
    </message>
    <message>
        <source>&amp;How to play</source>
        <translation>&amp;Как се играе</translation>
    </message>
    <message>
        <source>&amp;Guided first game</source>
        <translation>&amp;Първа игра с ръководство</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Клави&amp;шни комбинации</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Цял екран</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Увеличаване</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>&amp;Намаляване</translation>
    </message>
    <message>
        <source>&amp;Whole board</source>
        <translation>Ц&amp;ялото поле</translation>
    </message>
    <message>
        <source>&amp;About Triangles</source>
        <translation>&amp;За Triangles</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Игра</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Настройки</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Тема</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Език</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Помощ</translation>
    </message>
    <message>
        <source>Abandon and start</source>
        <translation>Изоставяне и начало</translation>
    </message>
    <message>
        <source>Against the computer, a game abandoned counts as lost.</source>
        <translation>Срещу компютъра изоставената игра се брои за загубена.</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>Продължаване на играта</translation>
    </message>
    <message>
        <source>Guided first game</source>
        <translation>Първа игра с ръководство</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start the guided game?</source>
        <translation>Да се изостави ли текущата игра и да започне играта с ръководство?</translation>
    </message>
    <message>
        <source>%1 drew %2–%3</source>
        <translation>%1 начерта %2–%3</translation>
    </message>
    <message numerus="yes">
        <source>%1 drew %2–%3 and closed %n triangle(s)</source>
        <translation>
            <numerusform>%1 начерта %2–%3 и затвори %n триъгълник</numerusform>
            <numerusform>%1 начерта %2–%3 и затвори %n триъгълника</numerusform>
        </translation>
    </message>
    <message>
        <source>Continue this game</source>
        <translation>Продължаване на тази игра</translation>
    </message>
    <message>
        <source>Abandon the game in progress and continue the one from History?</source>
        <translation>Да се изостави ли текущата игра и да се продължи тази от историята?</translation>
    </message>
    <message>
        <source>Abandon and continue</source>
        <translation>Изоставяне и продължаване</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Click a star, then another, to draw a stroke. Keyboard: arrows or Tab to move between stars, Enter or Space to pick, Esc to cancel.</source>
        <translation>Щракнете върху една звезда, после върху друга, за да начертаете черта. С клавиатурата: стрелките или Tab – придвижване между звездите, Enter или интервал – избор, Esc – отказ.</translation>
    </message>
    <message>
        <source>Triangles</source>
        <translation>Triangles</translation>
    </message>
    <message>
        <source>%1 – Triangles</source>
        <translation>%1 – Triangles</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Нова игра</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start a new one?</source>
        <translation>Да се прекрати ли текущата игра и да започне нова?</translation>
    </message>
    <message>
        <source>Player 1</source>
        <translation>Играч 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Играч 2</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>Компютър (%1)</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вие</translation>
    </message>
    <message>
        <source>The computer player “%1” is not installed; “%2” plays instead.</source>
        <translation>Компютърният играч „%1“ не е инсталиран; вместо него играе „%2“.</translation>
    </message>
    <message>
        <source>Computer player not installed</source>
        <translation>Компютърният играч не е инсталиран</translation>
    </message>
    <message>
        <source>The theme “%1” is not installed; %2 is shown instead.</source>
        <translation>Темата „%1“ не е инсталирана; вместо нея се показва %2.</translation>
    </message>
    <message>
        <source>Your friend is asked to take back your last stroke…</source>
        <translation>Питаме приятеля Ви дали може да върнете последната си черта…</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>Отворено: %1.</translation>
    </message>
    <message>
        <source>%1 had resigned there; the game can be played on.</source>
        <translation>Тук играта е спряла: %1 се отказа. Може да продължи.</translation>
    </message>
    <message>
        <source>%1 had left there; the game can be played on.</source>
        <translation>Тук играта е спряла: %1 напусна. Може да продължи.</translation>
    </message>
    <message>
        <source>It had stopped there: what %1 sent was refused. The game can be played on.</source>
        <translation>Тук играта е спряла: изпратеното от %1 беше отхвърлено. Може да продължи.</translation>
    </message>
    <message>
        <source>It had stopped there: the connection was lost. The game can be played on.</source>
        <translation>Тук играта е спряла: връзката прекъсна. Може да продължи.</translation>
    </message>
    <message>
        <source>Another program is using the statistics; this game is kept and will be counted when the file is free.</source>
        <translation>Друга програма използва статистиката; тази игра е запазена и ще бъде отчетена, когато файлът се освободи.</translation>
    </message>
    <message>
        <source>The disk is full; this game is kept and will be counted when there is space.</source>
        <translation>Дискът е пълен; тази игра е запазена и ще бъде отчетена, когато има място.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only); this game is kept and will be counted when it can be.</source>
        <translation>Файлът със статистиката не може да бъде записан (само за четене); тази игра е запазена и ще бъде отчетена, когато стане възможно.</translation>
    </message>
    <message>
        <source>The statistics could not be saved (%1); this game is kept.</source>
        <translation>Статистиката не можа да бъде запазена (%1); тази игра е запазена.</translation>
    </message>
    <message>
        <source>The last game&apos;s result is now counted in the statistics.</source>
        <translation>Резултатът от последната игра вече е отчетен в статистиката.</translation>
    </message>
    <message>
        <source>The statistics file was damaged; it was kept as %1 and counting started again.</source>
        <translation>Файлът със статистиката беше повреден; съхранен е като %1 и броенето започна отначало.</translation>
    </message>
    <message>
        <source>The %1 translation is missing or damaged; using English.</source>
        <translation>Преводът „%1“ липсва или е повреден; използва се английски.</translation>
    </message>
    <message>
        <source>Abandon the game in progress and open another one?</source>
        <translation>Да се прекрати ли текущата игра и да се отвори друга?</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Играта не може да бъде отворена</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Отворено: %1</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>Играта не може да бъде запазена</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Запазено: %1</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read, and was removed.</source>
        <translation>Незавършената игра, запазена последния път, не можа да бъде прочетена и беше премахната.</translation>
    </message>
    <message>
        <source>Resume game</source>
        <translation>Продължаване на играта</translation>
    </message>
    <message>
        <source>Stroke taken back</source>
        <translation>Чертата е отменена</translation>
    </message>
    <message>
        <source>Looking for a good stroke…</source>
        <translation>Търсене на добра черта…</translation>
    </message>
    <message numerus="yes">
        <source>%n plugin(s) or theme(s) could not be loaded: see Settings &gt; Plugins.</source>
        <translation>
            <numerusform>%n плъгин или тема не можа да се зареди: вижте Настройки &gt; Плъгини.</numerusform>
            <numerusform>%n плъгина или теми не можаха да се заредят: вижте Настройки &gt; Плъгини.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Възстановяване</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: the file could not be read.</source>
        <translation>„%1“ не може да бъде отворен: файлът не можа да бъде прочетен.</translation>
    </message>
    <message>
        <source>“%1” was saved by a newer version of Triangles.</source>
        <translation>„%1“ е запазен с по-нова версия на Triangles.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a folder, not a saved game.</source>
        <translation>„%1“ не може да бъде отворен: това е папка, а не запазена игра.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is not a file but a pipe, a device or a socket.</source>
        <translation>„%1“ не може да бъде отворен: това не е файл, а канал, устройство или сокет.</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: it is a link that leads back to itself, never to a file.</source>
        <translation>„%1“ не може да бъде отворен: това е връзка, която води обратно към себе си и никога до файл.</translation>
    </message>
    <message>
        <source>“%1” is not a Triangles game, or it is damaged.</source>
        <translation>„%1“ не е игра на Triangles или е повреден.</translation>
    </message>
    <message>
        <source>Abandon and open</source>
        <translation>Изоставяне и отваряне</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Да се замени ли файлът?</translation>
    </message>
    <message>
        <source>“%1” already exists. Do you want to replace it?</source>
        <translation>„%1“ вече съществува. Искате ли да го замените?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Замяна</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отказ</translation>
    </message>
    <message>
        <source>An unfinished game from %1 was kept. Resume it?</source>
        <translation>Запазена е незавършена игра от %1. Да продължи ли?</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Продължи</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Изхвърли</translation>
    </message>
    <message>
        <source>Not &amp;now</source>
        <translation>Не &amp;сега</translation>
    </message>
    <message>
        <source>“%1” could not be written. The game goes on; try another folder or name.</source>
        <translation>„%1“ не можа да бъде записан. Играта продължава; опитайте друга папка или друго име.</translation>
    </message>
    <message>
        <source>The game could not be autosaved: the disk is full. It goes on; free some space, or save it with Save As.</source>
        <translation>Играта не можа да бъде запазена автоматично: дискът е пълен. Играта продължава; освободете място или я запазете с „Запазване като“.</translation>
    </message>
    <message>
        <source>The game could not be autosaved: %1 is not writable. It goes on; save it with Save As.</source>
        <translation>Играта не можа да бъде запазена автоматично: в %1 не може да се записва. Играта продължава; запазете я със „Запазване като“.</translation>
    </message>
    <message>
        <source>The game could not be autosaved. It goes on; save it with Save As.</source>
        <translation>Играта не можа да бъде запазена автоматично. Играта продължава; запазете я със „Запазване като“.</translation>
    </message>
    <message>
        <source>The unfinished game saved last time could not be read; it was kept as %1.</source>
        <translation>Незавършената игра, запазена последния път, не можа да бъде прочетена; съхранена е като %1.</translation>
    </message>
    <message>
        <source>Stroke drawn again</source>
        <translation>Чертата е възстановена</translation>
    </message>
    <message numerus="yes">
        <source>%1 closed %n triangle(s)</source>
        <translation>
            <numerusform>%1: %n затворен триъгълник</numerusform>
            <numerusform>%1: %n затворени триъгълника</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 – %3 %4</source>
        <translation>%1 %2 – %3 %4</translation>
    </message>
    <message>
        <source>Draw!</source>
        <translation>Равенство!</translation>
    </message>
    <message>
        <source>You won!</source>
        <translation>Победихте!</translation>
    </message>
    <message>
        <source>You lost!</source>
        <translation>Загубихте!</translation>
    </message>
    <message>
        <source>%1 wins!</source>
        <translation>%1 печели!</translation>
    </message>
    <message>
        <source>The computer is thinking…</source>
        <translation>Компютърът мисли…</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Ваш ход</translation>
    </message>
    <message>
        <source>%1’s turn</source>
        <translation>Ход на %1</translation>
    </message>
    <message>
        <source>Triangle! Play again</source>
        <translation>Триъгълник! Играйте отново</translation>
    </message>
    <message>
        <source>Triangle! %1 plays again</source>
        <translation>Триъгълник! %1 играе отново</translation>
    </message>
    <message>
        <source>simple player</source>
        <translation>прост играч</translation>
    </message>
    <message>
        <source>“%1” failed three times; a simple player plays in its place until this game ends.</source>
        <translation>„%1“ се провали три пъти; до края на тази игра на негово място играе прост играч.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Draw strokes between stars, close empty triangles and outscore your opponent.&lt;/p&gt;&lt;p&gt;Free software under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Triangles %1&lt;/h3&gt;&lt;p&gt;Теглете черти между звездите, затваряйте празни триъгълници и надиграйте противника си.&lt;/p&gt;&lt;p&gt;Свободен софтуер под лиценза GNU GPL, версия 3 или по‑нова.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Triangles</source>
        <translation>За Triangles</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Технически подробности (на английски):</translation>
    </message>
    <message>
        <source>Triangles games (*.triangles)</source>
        <translation>Игри на Triangles (*.triangles)</translation>
    </message>
    <message>
        <source>Triangles game</source>
        <translation>Игра на Triangles</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Отваряне на игра</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Запазване на игра</translation>
    </message>
</context>
<context>
    <name>MotionMenu</name>
    <message>
        <source>&amp;Motion</source>
        <translation>&amp;Движение</translation>
    </message>
    <message>
        <source>As the &amp;desktop is set</source>
        <translation>Според &amp;работния плот</translation>
    </message>
    <message>
        <source>&amp;Full motion</source>
        <translation>&amp;Пълно движение</translation>
    </message>
    <message>
        <source>&amp;Reduced motion</source>
        <translation>&amp;Намалено движение</translation>
    </message>
    <message>
        <source>Strokes appear at once and nothing on the board travels.</source>
        <translation>Чертите се появяват веднага и нищо не се движи по полето.</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New game</source>
        <translation>Нова игра</translation>
    </message>
    <message>
        <source>Board (star cloud)</source>
        <translation>Поле (облак от звезди)</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Телефон</translation>
    </message>
    <message>
        <source>Tablet</source>
        <translation>Таблет</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n звезда</numerusform>
            <numerusform>%n звезди</numerusform>
        </translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Противник</translation>
    </message>
    <message>
        <source>The &amp;computer</source>
        <translation>Ком&amp;пютъра</translation>
    </message>
    <message>
        <source>A &amp;friend on this computer</source>
        <translation>П&amp;риятел на този компютър</translation>
    </message>
    <message>
        <source>The computer</source>
        <translation>Компютъра</translation>
    </message>
    <message>
        <source>%1 (engine)</source>
        <translation>%1 (програма)</translation>
    </message>
    <message>
        <source>&amp;Play again after a triangle</source>
        <translation>Нов &amp;ход след триъгълник</translation>
    </message>
    <message>
        <source>Takes a triangle when it sees one; otherwise draws anywhere.</source>
        <translation>Затваря триъгълник, щом види такъв; иначе чертае където и да е.</translation>
    </message>
    <message>
        <source>Takes the best triangle; otherwise avoids handing you one.</source>
        <translation>Затваря най-добрия триъгълник; иначе избягва да ти подари такъв.</translation>
    </message>
    <message>
        <source>Looks ahead, plays the endgame exactly and fights for the last stroke.</source>
        <translation>Мисли напред, играе края точно и се бори за последната черта.</translation>
    </message>
    <message>
        <source>&amp;Strength:</source>
        <translation>&amp;Ниво:</translation>
    </message>
    <message>
        <source>&amp;Who starts:</source>
        <translation>&amp;Кой започва:</translation>
    </message>
    <message>
        <source>Player &amp;%1:</source>
        <translation>Играч &amp;%1:</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вие</translation>
    </message>
    <message>
        <source>%1 (plugin)</source>
        <translation>%1 (плъгин)</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>Играч %1</translation>
    </message>
    <message>
        <source>A player whose stroke closes a triangle draws another stroke at once.</source>
        <translation>Играч, чиято черта затвори триъгълник, веднага тегли още една черта.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Старт</translation>
    </message>
</context>
<context>
    <name>OnlineDialog</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Нов ход след триъгълник</translation>
    </message>
    <message>
        <source>Type the game code your friend gave you: like 4821-amber-oyster.</source>
        <translation>Въведете кода на играта, който ви даде вашият приятел: например 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>Type the address your friend gave you: HOST:PORT.</source>
        <translation>Въведете адреса, който Ви е дал приятелят Ви: ХОСТ:ПОРТ.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Игра онлайн</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Вашето &amp;име:</translation>
    </message>
    <message>
        <source>Re&amp;lay (optional):</source>
        <translation>&amp;Ретранслатор (по избор):</translation>
    </message>
    <message>
        <source>For games by code when the router forwards no port: a relay&apos;s HOST:PORT, the same for you and your friend. Anyone can run a relay on a computer of their own.</source>
        <translation>За игри с код, когато рутерът не пренасочва порт: HOST:PORT на ретранслатор, един и същ за вас и вашия приятел. Всеки може да пусне ретранслатор на свой компютър.</translation>
    </message>
    <message>
        <source>&amp;Host a game</source>
        <translation>&amp;Създаване на игра</translation>
    </message>
    <message>
        <source>&amp;Join a game</source>
        <translation>&amp;Присъединяване към игра</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>&amp;Поле:</translation>
    </message>
    <message>
        <source>Who &amp;starts:</source>
        <translation>&amp;Кой започва:</translation>
    </message>
    <message>
        <source>Who can j&amp;oin:</source>
        <translation>Кой може да се &amp;включи:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>П&amp;орт:</translation>
    </message>
    <message>
        <source>Play &amp;again after a triangle</source>
        <translation>&amp;Нов ход след триъгълник</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вие</translation>
    </message>
    <message>
        <source>Your friend</source>
        <translation>Приятелят Ви</translation>
    </message>
    <message>
        <source>Computers on this network</source>
        <translation>Компютри в тази мрежа</translation>
    </message>
    <message>
        <source>Only this computer (to try it out)</source>
        <translation>Само този компютър (за проба)</translation>
    </message>
    <message>
        <source>Anyone with the game code (over the internet)</source>
        <translation>Всеки с кода на играта (през интернет)</translation>
    </message>
    <message>
        <source>Announce on &amp;this network</source>
        <translation>Обявяване в т&amp;ази мрежа</translation>
    </message>
    <message>
        <source>Host the &amp;game</source>
        <translation>Създаване на &amp;играта</translation>
    </message>
    <message>
        <source>&amp;Games on this network:</source>
        <translation>&amp;Игри в тази мрежа:</translation>
    </message>
    <message>
        <source>Or &amp;address:</source>
        <translation>Или &amp;адрес:</translation>
    </message>
    <message>
        <source>Or game co&amp;de:</source>
        <translation>Или ко&amp;д на игра:</translation>
    </message>
    <message>
        <source>Game code:</source>
        <translation>Код на играта:</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копиране</translation>
    </message>
    <message>
        <source>Jo&amp;in</source>
        <translation>Вкл&amp;ючване</translation>
    </message>
</context>
<context>
    <name>OnlinePlay</name>
    <message>
        <source>Send a &amp;message to your friend…</source>
        <translation>Изпращане на &amp;съобщение до приятеля…</translation>
    </message>
    <message>
        <source>Games on this network cannot be listed; join by address.</source>
        <translation>Игрите в тази мрежа не могат да бъдат показани; включете се чрез адрес.</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Игра онлайн</translation>
    </message>
    <message>
        <source>Abandon the game in progress to play online?</source>
        <translation>Да се прекрати ли текущата игра, за да играеш онлайн?</translation>
    </message>
    <message>
        <source>Abandon and play online</source>
        <translation>Изоставяне и игра онлайн</translation>
    </message>
    <message>
        <source>The game cannot be hosted on port %1: it may be in use. Try another port.</source>
        <translation>Играта не може да бъде създадена на порт %1: може би е зает. Опитайте друг порт.</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1 (on this network they also find the game in their list).</source>
        <translation>Изчакване на приятеля Ви. Дайте му този адрес: %1 (в тази мрежа той ще види играта и в списъка си).</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them this address: %1.</source>
        <translation>Чака се вашият приятел. Дайте му този адрес: %1.</translation>
    </message>
    <message>
        <source>Asking your router to let your friend in…</source>
        <translation>Заявка към рутера да пусне вашия приятел…</translation>
    </message>
    <message>
        <source>Waiting for your friend. Give them the game code: your router lets them in, no server is needed.</source>
        <translation>Изчакване на вашия приятел. Дайте му кода на играта: рутерът ви ще го пусне, не е нужен сървър.</translation>
    </message>
    <message>
        <source>Your router does not let your friend in (UPnP and NAT-PMP are off, or there is a second router). Type a relay&apos;s address to play through it.</source>
        <translation>Рутерът ви не пуска вашия приятел (UPnP и NAT-PMP са изключени или има втори рутер). Въведете адреса на ретранслатор, за да играете през него.</translation>
    </message>
    <message>
        <source>Waiting for your friend at the relay %1. Give them the game code and the relay&apos;s address.</source>
        <translation>Изчакване на вашия приятел при ретранслатора %1. Дайте му кода на играта и адреса на ретранслатора.</translation>
    </message>
    <message>
        <source>The relay %1 cannot be reached. Trying again…</source>
        <translation>Ретранслаторът %1 е недостъпен. Нов опит…</translation>
    </message>
    <message>
        <source>This is not a game code: it reads like 4821-amber-oyster.</source>
        <translation>Това не е код на игра: той изглежда като 4821-amber-oyster.</translation>
    </message>
    <message>
        <source>This game waits at a relay: type the relay&apos;s address your friend uses.</source>
        <translation>Тази игра чака при ретранслатор: въведете адреса на ретранслатора, който ползва вашият приятел.</translation>
    </message>
    <message>
        <source>Connecting by game code…</source>
        <translation>Свързване с кода на играта…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Свързване с %1…</translation>
    </message>
    <message>
        <source>Rejoin the online game</source>
        <translation>Връщане в онлайн играта</translation>
    </message>
    <message numerus="yes">
        <source>Your online game with %1 was interrupted after %n stroke(s). Rejoin it?</source>
        <translation>
            <numerusform>Онлайн играта ви с %1 беше прекъсната след %n черта. Да се върнете ли в нея?</numerusform>
            <numerusform>Онлайн играта ви с %1 беше прекъсната след %n черти. Да се върнете ли в нея?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Rejoin</source>
        <translation>&amp;Връщане</translation>
    </message>
    <message>
        <source>&amp;Forget it</source>
        <translation>&amp;Забравяне</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Не сега</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Повторно свързване с %1…</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Играч</translation>
    </message>
    <message>
        <source>%1 wants to join your game.</source>
        <translation>%1 иска да се присъедини към вашата игра.</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Приемане</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>&amp;Отказ</translation>
    </message>
    <message>
        <source>Waiting for %1 to accept you…</source>
        <translation>Чака се %1 да ви приеме…</translation>
    </message>
    <message>
        <source>The game at %1 is busy. Trying again in %2 s…</source>
        <translation>Играта на %1 е заета. Нов опит след %2 s…</translation>
    </message>
    <message>
        <source>Reconnecting: the host is busy. Trying again in %1 s…</source>
        <translation>Повторно свързване: домакинът е зает. Нов опит след %1 s…</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Съобщение</translation>
    </message>
    <message>
        <source>A line for your friend:</source>
        <translation>Един ред за приятеля Ви:</translation>
    </message>
    <message>
        <source>Your friend is not connected: the message was not sent.</source>
        <translation>Приятелят Ви не е свързан: съобщението не е изпратено.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Вие</translation>
    </message>
    <message>
        <source>Take back strokes?</source>
        <translation>Връщане на черти?</translation>
    </message>
    <message>
        <source>%1 asks to take back the game to stroke %2. Do you agree?</source>
        <translation>%1 иска играта да бъде върната до черта %2. Съгласни ли сте?</translation>
    </message>
    <message>
        <source>&amp;Take back</source>
        <translation>&amp;Връщане</translation>
    </message>
    <message>
        <source>&amp;Refuse</source>
        <translation>&amp;Отказ</translation>
    </message>
    <message>
        <source>Your friend would rather play on: nothing was taken back.</source>
        <translation>Приятелят Ви предпочита да продължи: нищо не е върнато.</translation>
    </message>
    <message>
        <source>Your friend has left. Host or join another game, or choose Game &gt; New game to play here.</source>
        <translation>Приятелят ти си тръгна. Създай игра или се присъедини към друга, или избери Игра &gt; Нова игра, за да играеш тук.</translation>
    </message>
    <message>
        <source>Asked your friend for another game…</source>
        <translation>Поканихте приятеля си на още една игра…</translation>
    </message>
    <message>
        <source>Your friend would rather not play again.</source>
        <translation>Приятелят Ви предпочита да не играе отново.</translation>
    </message>
    <message>
        <source>Another game?</source>
        <translation>Още една игра?</translation>
    </message>
    <message>
        <source>%1 would like another game. Play again?</source>
        <translation>%1 иска още една игра. Ще играете ли отново?</translation>
    </message>
    <message>
        <source>&amp;Play again</source>
        <translation>&amp;Нова игра</translation>
    </message>
    <message>
        <source>&amp;No, thanks</source>
        <translation>Не, &amp;благодаря</translation>
    </message>
    <message>
        <source>The game with %1 could not be rejoined: it is kept in the History.</source>
        <translation>Връщането в играта с %1 не успя: тя е запазена в историята на игрите.</translation>
    </message>
    <message>
        <source>Wrong game code: check it with your friend and try again.</source>
        <translation>Грешен код на играта: проверете го с вашия приятел и опитайте отново.</translation>
    </message>
    <message>
        <source>Someone tried wrong game codes: the game was closed. Host again for a new code.</source>
        <translation>Някой опита грешни кодове на играта: играта беше затворена. Създайте нова игра за нов код.</translation>
    </message>
    <message>
        <source>%1 declined: you cannot join this game.</source>
        <translation>%1 отказа: не можете да се присъедините към тази игра.</translation>
    </message>
    <message>
        <source>The host</source>
        <translation>Домакинът</translation>
    </message>
    <message>
        <source>No game could be started: nobody answered there, or the game was taken.</source>
        <translation>Не можа да започне игра: никой не отговори там или играта вече е заета.</translation>
    </message>
</context>
<context>
    <name>PlayerCard</name>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n триъгълник</numerusform>
            <numerusform>%n триъгълника</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PluginsDialog</name>
    <message>
        <source>Plugins</source>
        <translation>Плъгини</translation>
    </message>
    <message numerus="yes">
        <source>Loaded plugins: %n</source>
        <translation>
            <numerusform>Заредени плъгини: %n</numerusform>
            <numerusform>Заредени плъгини: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Име</translation>
    </message>
    <message>
        <source>Provides</source>
        <translation>Предоставя</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Източник</translation>
    </message>
    <message numerus="yes">
        <source>Plugins that could not be loaded: %n</source>
        <translation>
            <numerusform>Плъгини, които не могат да бъдат заредени: %n</numerusform>
            <numerusform>Плъгини, които не могат да бъдат заредени: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Грешка</translation>
    </message>
    <message numerus="yes">
        <source>Themes that were skipped: %n</source>
        <translation>
            <numerusform>Пропуснати теми: %n</numerusform>
            <numerusform>Пропуснати теми: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open Plugin Folder</source>
        <translation>&amp;Отваряне на папката с плъгини</translation>
    </message>
    <message>
        <source>The plugin folder could not be created: %1</source>
        <translation>Папката за плъгини не можа да бъде създадена: %1</translation>
    </message>
    <message>
        <source>No file manager could open the plugin folder: %1</source>
        <translation>Никой файлов мениджър не успя да отвори папката за плъгини: %1</translation>
    </message>
    <message>
        <source>To add a plugin, put it in this folder and restart Triangles: %1</source>
        <translation>За да добавите плъгин, поставете го в тази папка и рестартирайте Triangles: %1</translation>
    </message>
    <message>
        <source>Computer players: %1</source>
        <translation>Компютърни играчи: %1</translation>
    </message>
    <message>
        <source>Computer players</source>
        <translation>Компютърни играчи</translation>
    </message>
    <message>
        <source>Themes: %1</source>
        <translation>Теми: %1</translation>
    </message>
    <message>
        <source>Themes</source>
        <translation>Теми</translation>
    </message>
    <message>
        <source>It gives a computer player an id that is already taken.</source>
        <translation>Дава на компютърен играч идентификатор, който вече е зает.</translation>
    </message>
    <message>
        <source>The background image of a theme of the plugin “%1” cannot be shown; the theme is offered with its colours alone.</source>
        <translation>Фоновото изображение на тема от плъгина „%1“ не може да бъде показано; темата се предлага само с цветовете си.</translation>
    </message>
    <message>
        <source>The background image of a theme cannot be shown; the theme is offered with its colours alone.</source>
        <translation>Фоновото изображение на тема не може да бъде показано; темата се предлага само с цветовете си.</translation>
    </message>
    <message>
        <source>A theme uses an id that another theme already has.</source>
        <translation>Тема използва идентификатор, който вече има друга тема.</translation>
    </message>
    <message>
        <source>A theme is not valid.</source>
        <translation>Тема не е валидна.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” uses an id that another theme already has.</source>
        <translation>Тема на плъгина „%1“ използва идентификатор, който вече има друга тема.</translation>
    </message>
    <message>
        <source>A theme of the plugin “%1” is not valid.</source>
        <translation>Тема на плъгина „%1“ не е валидна.</translation>
    </message>
    <message>
        <source>Themes (all skipped)</source>
        <translation>Теми (всички пропуснати)</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Нищо</translation>
    </message>
    <message>
        <source>Its code could not be loaded.</source>
        <translation>Кодът му не можа да бъде зареден.</translation>
    </message>
    <message>
        <source>Triangles could not register it.</source>
        <translation>Triangles не можа да го регистрира.</translation>
    </message>
    <message>
        <source>This plugin folder does not exist.</source>
        <translation>Тази папка за плъгини не съществува.</translation>
    </message>
    <message>
        <source>This plugin folder cannot be read.</source>
        <translation>Тази папка за плъгини не може да бъде прочетена.</translation>
    </message>
    <message>
        <source>A plugin with the same name is already loaded.</source>
        <translation>Вече е зареден плъгин със същото име.</translation>
    </message>
    <message>
        <source>It does not provide anything for Triangles.</source>
        <translation>Не предоставя нищо за Triangles.</translation>
    </message>
    <message>
        <source>It uses a hook that this version of Triangles does not know.</source>
        <translation>Използва кука (hook), която тази версия на Triangles не познава.</translation>
    </message>
    <message>
        <source>It failed while telling Triangles what it provides.</source>
        <translation>Възникна грешка, докато съобщаваше на Triangles какво предоставя.</translation>
    </message>
    <message>
        <source>It gave Triangles something it cannot use.</source>
        <translation>Предаде на Triangles нещо, което не може да се използва.</translation>
    </message>
    <message>
        <source>The list of themes could not be read.</source>
        <translation>Списъкът с теми не можа да бъде прочетен.</translation>
    </message>
    <message>
        <source>In English, for the theme&apos;s author: %1</source>
        <translation>На английски, за автора на темата: %1</translation>
    </message>
    <message>
        <source>Built-in themes</source>
        <translation>Вградени теми</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>Вграден</translation>
    </message>
    <message>
        <source>Technical details (in English):</source>
        <translation>Технически подробности (на английски):</translation>
    </message>
    <message>
        <source>Hide details</source>
        <translation>Скриване на подробностите</translation>
    </message>
    <message>
        <source>Show details (traceback)</source>
        <translation>Показване на подробностите (трасиране на стека)</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Преглед на:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Файлове от &amp;тип:</translation>
    </message>
</context>
<context>
    <name>Rejection</name>
    <message>
        <source>Already drawn</source>
        <translation>Вече съществува</translation>
    </message>
    <message>
        <source>Passes over a star</source>
        <translation>Минава през друга звезда</translation>
    </message>
    <message>
        <source>Crosses a stroke</source>
        <translation>Пресича вече начертана черта</translation>
    </message>
</context>
<context>
    <name>RemoteSeat</name>
    <message>
        <source>Connection lost.</source>
        <translation>Връзката е прекъсната.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Няма връзка.</translation>
    </message>
    <message>
        <source>Plays from another computer.</source>
        <translation>Играе от друг компютър.</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>връзката е прекъсната</translation>
    </message>
    <message>
        <source>left</source>
        <translation>напусна</translation>
    </message>
    <message>
        <source>online</source>
        <translation>онлайн</translation>
    </message>
    <message>
        <source>Reconnecting to %1…</source>
        <translation>Повторно свързване с %1…</translation>
    </message>
    <message>
        <source>Waiting for %1 to reconnect…</source>
        <translation>Изчакване %1 да се свърже отново…</translation>
    </message>
    <message>
        <source>%1 has left the game.</source>
        <translation>%1 напусна играта.</translation>
    </message>
    <message>
        <source>Waiting for %1’s stroke…</source>
        <translation>Изчакване на чертата на %1…</translation>
    </message>
    <message>
        <source>The connection to %1 was lost; the game goes on when they are back.</source>
        <translation>Връзката с %1 прекъсна; играта продължава, когато се върне.</translation>
    </message>
    <message>
        <source>Something went wrong in the game with %1; the game is as it was.</source>
        <translation>Нещо се обърка в играта с %1; играта е непроменена.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Move the ring to the nearest star that way</source>
        <translation>Преместване на кръга до най-близката звезда в тази посока</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>Стрелки</translation>
    </message>
    <message>
        <source>Go from star to star</source>
        <translation>Минаване от звезда на звезда</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Shift+Tab</translation>
    </message>
    <message>
        <source>Pick the star in the ring (a second one draws the stroke)</source>
        <translation>Избор на звездата в кръга (втора начертава чертата)</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Enter, интервал</translation>
    </message>
    <message>
        <source>Let go of the picked star</source>
        <translation>Отмяна на избора на звездата</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Zoom the board in or out</source>
        <translation>Увеличаване или намаляване на полето</translation>
    </message>
    <message>
        <source>Ctrl+mouse wheel</source>
        <translation>Ctrl+колелце на мишката</translation>
    </message>
    <message>
        <source>Move over the zoomed board</source>
        <translation>Придвижване по увеличеното поле</translation>
    </message>
    <message>
        <source>Mouse wheel, or drag with the middle button</source>
        <translation>Колелце на мишката или влачене със средния бутон</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Клавишни комбинации</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Команда</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>Computer player</source>
        <translation>Ниво на компютъра</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Изиграни</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Спечелени</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Загубени</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Равенства</translation>
    </message>
    <message>
        <source>No games played yet.</source>
        <translation>Все още няма изиграни игри.</translation>
    </message>
    <message>
        <source>&amp;Reset statistics…</source>
        <translation>&amp;Нулиране на статистиката…</translation>
    </message>
    <message>
        <source>Forget every result against the computer</source>
        <translation>Забравяне на всички резултати срещу компютъра</translation>
    </message>
    <message>
        <source>Your earlier statistics could not be read.</source>
        <translation>Досегашната Ви статистика не може да бъде прочетена.</translation>
    </message>
    <message>
        <source>The statistics cannot be used right now.</source>
        <translation>В момента статистиката не може да се използва.</translation>
    </message>
    <message>
        <source>Another program may be using the file, or the disk is full or read-only; games are not counted until it can be written again.</source>
        <translation>Възможно е друга програма да използва файла или дискът да е пълен или само за четене; игрите не се броят, докато файлът не може отново да се записва.</translation>
    </message>
    <message>
        <source>The damaged file was kept as %1, and counting starts again from zero.</source>
        <translation>Повреденият файл е запазен като %1 и броенето започва отново от нула.</translation>
    </message>
    <message>
        <source>The damaged file could not be moved aside, so new results are not saved until you reset the statistics.</source>
        <translation>Повреденият файл не можа да бъде преместен настрани, затова новите резултати не се запазват, докато не нулирате статистиката.</translation>
    </message>
    <message numerus="yes">
        <source>Games against the computer: %Ln</source>
        <translation>
            <numerusform>Игри срещу компютъра: %Ln</numerusform>
            <numerusform>Игри срещу компютъра: %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>No games against the computer yet. Results appear here after each game.</source>
        <translation>Все още няма игри срещу компютъра. Резултатите се появяват тук след всяка игра.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Общо</translation>
    </message>
    <message>
        <source>Results by month</source>
        <translation>Резултати по месеци</translation>
    </message>
    <message>
        <source>Results by week (from Monday)</source>
        <translation>Резултати по седмици (от понеделник)</translation>
    </message>
    <message>
        <source>Results by day</source>
        <translation>Резултати по дни</translation>
    </message>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1 (не е инсталиран)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n abandoned)</source>
        <translation>
            <numerusform>%1 (%n изоставена)</numerusform>
            <numerusform>%1 (%n изоставени)</numerusform>
        </translation>
    </message>
    <message>
        <source>Games left unfinished count as lost.</source>
        <translation>Недовършените игри се броят за загубени.</translation>
    </message>
    <message>
        <source>Another program is using the statistics file; try again when it is free.</source>
        <translation>Друга програма използва файла със статистиката; опитай отново, когато се освободи.</translation>
    </message>
    <message>
        <source>The disk is full.</source>
        <translation>Дискът е пълен.</translation>
    </message>
    <message>
        <source>The statistics file cannot be written (it is read-only).</source>
        <translation>Файлът със статистиката не може да бъде записан (само за четене).</translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>Нулиране на статистиката</translation>
    </message>
    <message>
        <source>Forget all results against the computer? This cannot be undone.</source>
        <translation>Да се забравят ли всички резултати срещу компютъра? Това не може да бъде отменено.</translation>
    </message>
    <message>
        <source>The statistics could not be reset.</source>
        <translation>Статистиката не може да бъде нулирана.</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Play again after a triangle</source>
        <translation>Нов ход след триъгълник</translation>
    </message>
    <message>
        <source>One stroke per turn, even after a triangle</source>
        <translation>Една черта на ход, дори след триъгълник</translation>
    </message>
</context>
<context>
    <name>StrategyNames</name>
    <message>
        <source>Easy</source>
        <translation>Лесно</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Средно</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Трудно</translation>
    </message>
</context>
<context>
    <name>ThemeNames</name>
    <message>
        <source>System</source>
        <translation>Системна</translation>
    </message>
    <message>
        <source>Nebula</source>
        <translation>Небюла</translation>
    </message>
    <message>
        <source>Daylight</source>
        <translation>Дневна светлина</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Висок контраст</translation>
    </message>
</context>
</TS>
