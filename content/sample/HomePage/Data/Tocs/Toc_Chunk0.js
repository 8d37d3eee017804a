define({'/Content/getting-started.htm':{i:[1],t:['Getting Started with the Documentation Portal'],b:['']},
'/Content/home.htm':{i:[0],t:['Acme Data Documentation'],b:['']},
'/Content/search-tips.htm':{i:[2],t:['Search Tips'],b:['']}});
